package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;
import org.sfsbench.results.model.OutageResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.Outage;

/**
 * Outages merged across clients, carried through the engine layout, and their figures from the
 * cumulative samples of the polls: a RUN at 100 ops/s of 1 ms ops that stops for 2 s at 10 s,
 * the ops caught in it completing at 12 s with 2 s latency, then 50 ops/s for a second, then 100.
 */
class OutageFiguresTest {
    private static EngineSample at(double seconds, OpCounters c, List<Outage> outages) {
        return new EngineSample(Phase.RUN, Math.round(seconds * 1e6), 0, 0, 0, 1, 0, List.of(c.copy()), List.of())
                .withOutages(outages, 0);
    }

    @Test
    void clientsOutagesThatOverlapAreOne() {
        List<Outage> u = Outage.union(List.of(new Outage(10_000_000, 12_000_000, 1, 0, 1, 0, 0),
                new Outage(30_000_000, 0, 0, 1, 0, 0, 0), new Outage(9_900_000, 12_100_000, 2, 1, 1, 3, 1)));
        assertEquals(List.of(new Outage(9_900_000, 12_100_000, 3, 1, 2, 3, 1), new Outage(30_000_000, 0, 0, 1, 0, 0, 0)),
                u);
    }

    @Test
    void outagesSurviveTheEngineLayout() {
        List<Outage> list = List.of(new Outage(1, 2, 3, 4, 5, 6, 7), new Outage(8, 0, 0, 0, 1, 0, 0));
        EngineSample s = at(3, new OpCounters(0), list);
        EngineSample back = EngineSample.decode(s.toWords());
        assertEquals(list, back.outages());
        assertEquals(list, back.minus(at(1, new OpCounters(0), List.of())).outages());
    }

    @Test
    void levelRecoveryAndP99AroundAnOutage() {
        OutageFigures f = new OutageFigures();
        OpCounters c = new OpCounters(0);
        Outage o = new Outage(10_000_000, 12_000_000, 4, 0, 1, 0, 0);
        for (int s = 1; s <= 20; s++) {
            int ops = s <= 10 ? 100 : s <= 12 ? 0 : s == 13 ? 50 : 100;
            long latency = s == 13 ? 2_000_000 : 1000;
            for (int i = 0; i < ops; i++) {
                c.record(latency, latency, 0, false, false);
            }
            f.add(at(s, c, s > 10 ? List.of(o) : List.of()));
        }
        List<OutageResult> r = f.of(at(20, c, List.of(o)));
        assertEquals(1, r.size());
        OutageResult x = r.get(0);
        assertEquals(10.0, x.beginSeconds());
        assertEquals(12.0, x.endSeconds());
        assertEquals(4, x.resent());
        assertEquals(1, x.reconnects());
        // 50 ops/s in the second after it is under 90 % of 100: back at 14 s, 4 s after it began
        assertEquals(4.0, x.recoverySeconds(), 1e-9);
        assertTrue(x.p99BeforeMs() < 2, "before " + x.p99BeforeMs());
        assertTrue(x.p99DuringMs() > 1900, "during " + x.p99DuringMs());
        assertTrue(x.p99AfterMs() < 2, "after " + x.p99AfterMs());
        assertTrue(OutageText.line(x).startsWith("10.000 .. 12.000 s into RUN (2.000 s); ops/s back to 90 % of its"
                + " level before 4.0 s after it began; re-sent 4, failed 0, reconnects 1"), OutageText.line(x));
    }
}
