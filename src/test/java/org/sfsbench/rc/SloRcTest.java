package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.slo.Slo;

/** SLO, SLO_PRECISION and SLO_CONFIRM in rc files; every mistake names the file, line and value. */
class SloRcTest {
    @TempDir
    Path dir;

    private static final String BASE = String.join("\n", "LOAD=max", "CLIENTS=\"a\"", "MNT_POINTS=\"127.0.0.1:/a\"",
            "FS_PROTOCOL=nfs", "PROCS=1", "WORKLOAD=randread", "WORKING_SET=1G", "");

    private RunConfig parse(String body) throws RcException {
        return RcParser.parse(RcFiles.write(dir, "rc", body));
    }

    private String error(String body) {
        return assertThrows(RcException.class, () -> parse(body)).getMessage();
    }

    @Test
    void readsTheSloAndItsDefaults() throws Exception {
        Slo s = parse(BASE + "SLO=\"p99 <= 5 ms and mean <= 1 ms\"\n").topSpeed().slo();
        assertEquals("p99 <= 5 ms and mean <= 1 ms", s.text());
        assertEquals(2.0, s.precisionPct());
        assertEquals(2, s.confirm());
        Slo t = parse(BASE + "SLO=\"p99.9 <= 800 us\"\nSLO_PRECISION=\"1.5 %\"\nSLO_CONFIRM=0\n").topSpeed().slo();
        assertEquals(1.5, t.precisionPct());
        assertEquals(0, t.confirm());
        assertNull(parse(BASE).topSpeed().slo());
    }

    @Test
    void mistakesNameFileLineAndValue() {
        String rc = dir.resolve("rc").toString();
        assertEquals(rc + ":8: SLO=p99 <= 5 sec: 'p99 <= 5 sec' is not a term; allowed: terms", error(BASE
                + "SLO=\"p99 <= 5 sec\"\n").split(" \"STAT")[0]);
        assertTrue(error(BASE + "SLO=\"p99 <= 5 ms\"\nSLO_PRECISION=90\n").startsWith(rc
                + ":9: SLO_PRECISION=90: 90 is out of range"));
        assertTrue(error(BASE + "SLO=\"p99 <= 5 ms\"\nSLO_CONFIRM=x\n").startsWith(rc + ":9: SLO_CONFIRM=x"));
        assertTrue(error(BASE + "SLO_CONFIRM=1\n").contains("SLO_CONFIRM=1: tunes the SLO search, but SLO is not set"));
        assertTrue(error(BASE.replace("LOAD=max\n", "LOAD=100\n").replace("WORKING_SET=1G\n", "WORKING_SET=1G\n")
                + "SLO=\"p99 <= 5 ms\"\n").contains("SLO=p99 <= 5 ms: searches paced loads below the unpaced top speed"));
        assertTrue(error(BASE + "SLO=\"p99 <= 5 ms\"\nCURVE_PCTS=\"50 100\"\n")
                .contains("CURVE_PCTS=50 100: is replaced by the SLO search's probes"));
        assertTrue(error(BASE + "SLO=\"p99 <= 5 ms\"\nTRIALS=3\n").contains("TRIALS=3: with SLO"));
    }

    @Test
    void accessSpecificationsAreSearchedOneStepWithoutDelays() throws Exception {
        String access = String.join("\n", "WORKLOAD=access", "CLIENTS=\"a\"", "MNT_POINTS=\"/tmp\"",
                "FS_PROTOCOL=posix", "PROCS=1", "SLO=\"p99 <= 5 ms\"", "");
        RunConfig c = parse(access + "ACCESS_SPECS=\"Web Server\"\nOUTSTANDING_IOS=4\n");
        assertEquals("p99 <= 5 ms", c.topSpeed().slo().text());
        assertEquals(4, c.accessStep(3).outstandingIos(), "every probe runs the one step");
        String e = error(access + "ACCESS_SPECS=\"Web Server\"\nOUTSTANDING_IOS=\"1 4\"\n");
        assertTrue(e.contains("SLO=p99 <= 5 ms: searches one access step, and this test has 2 (1 spec(s) x 1 worker"
                + " count(s) x 2 OUTSTANDING_IOS)"), e);
        Path specs = RcFiles.write(dir, "specs.txt", "[bursty]\n4k 100 100 100 20 1 0 0\n");
        e = error(access + "ACCESS_SPECS=" + specs + "\n");
        assertTrue(e.contains("spec 'bursty' waits 20 ms before each burst, and a paced worker's rate sets when each"
                + " transfer starts"), e);
        e = error(access + "ACCESS_SPECS=\"Web Server\"\nTRIALS=2\n");
        assertTrue(e.contains("TRIALS=2: with SLO"), e);
    }

    @Test
    void aLoadfileIsRefusedWithTheReason() {
        String e = error(String.join("\n", "WORKLOAD=loadfile", "LOADFILE=client.txt", "CLIENTS=\"a\"",
                "MNT_POINTS=\"/tmp\"", "FS_PROTOCOL=posix", "PROCS=1", "SLO=\"p99 <= 5 ms\"", ""));
        assertTrue(e.contains("SLO=p99 <= 5 ms: WORKLOAD=loadfile cannot be searched: a loadfile replays its own"
                + " timing"), e);
    }
}
