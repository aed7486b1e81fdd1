package org.sfsbench.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** SLO="..." terms: percentiles, the mean, units, "and", and what is refused. */
class SloParserTest {
    @Test
    void readsTermsJoinedByAnd() throws Exception {
        List<SloTerm> t = SloParser.parse("p99 <= 5 ms and p99.9<=20ms AND mean <= 800 us");
        assertEquals(3, t.size());
        assertEquals(99.0, t.get(0).percentile());
        assertEquals(5000.0, t.get(0).boundUs());
        assertEquals("p99 <= 5 ms", t.get(0).toString());
        assertEquals(99.9, t.get(1).percentile());
        assertEquals(20_000.0, t.get(1).boundUs());
        assertTrue(t.get(2).isMean());
        assertEquals(800.0, t.get(2).boundUs());
        assertEquals("p99.99 <= 1.5 ms", SloParser.parse("p99.99 <= 1.5 ms").get(0).toString());
        assertEquals(250.0, SloParser.parse("p50 <= 250 µs").get(0).boundUs());
    }

    @Test
    void theSampleRuleKeepsAHundredSamplesBeyondThePercentile() throws Exception {
        assertEquals(200, SloParser.parse("p50 <= 1 ms").get(0).samplesNeeded());
        assertEquals(10_000, SloParser.parse("p99 <= 1 ms").get(0).samplesNeeded());
        assertEquals(100_000, SloParser.parse("p99.9 <= 1 ms").get(0).samplesNeeded());
        assertEquals(1_000_000, SloParser.parse("p99.99 <= 1 ms").get(0).samplesNeeded());
        assertEquals(100, SloParser.parse("mean <= 1 ms").get(0).samplesNeeded());
        assertEquals(100_000, new Slo(SloParser.parse("p99 <= 1 ms and p99.9 <= 9 ms"), 2, 2).samplesNeeded(),
                "a probe needs what its hungriest term needs");
    }

    @Test
    void refusesWhatIsNotATerm() {
        assertEquals("'p99 < 5 ms' is not a term", message("p99 < 5 ms"));
        assertEquals("'p99 <= 5 s' is not a term", message("p99 <= 5 s"));
        assertEquals("'p99 <= 5' is not a term", message("p99 <= 5"));
        assertEquals("'p99 <= 5 ms and' is not a term", message("p99 <= 5 ms and "));
        assertEquals("percentile p100 is outside p50..p99.99", message("p100 <= 5 ms"));
        assertEquals("percentile p10 is outside p50..p99.99", message("p10 <= 5 ms"));
        assertEquals("the bound of 'p99 <= 0 ms' is not above 0", message("p99 <= 0 ms"));
        assertEquals("the bound of 'p99 <= 0.5 us' is below 1 us: latencies are measured in whole microseconds",
                message("p99 <= 0.5 us"));
        assertEquals("the bound of 'p99 <= 0.0001 ms' is below 1 us: latencies are measured in whole microseconds",
                message("p99 <= 0.0001 ms"));
        assertEquals("the bound of 'p99 <= 7200000 ms' is above 60000 ms: an op that long is a stall, not a latency"
                + " to search a capacity at", message("p99 <= 7200000 ms"));
        assertEquals("p99 is bounded twice", message("p99 <= 5 ms and p99 <= 6 ms"));
        assertEquals("is empty", message("  "));
    }

    private static String message(String text) {
        return assertThrows(SloSyntaxException.class, () -> SloParser.parse(text)).getMessage();
    }
}
