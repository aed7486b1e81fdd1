package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.manager.EngineConfigs;

/** OUTAGE, OUTAGE_MAX, DISRUPT and DISRUPT_AT; every mistake names the file, line and value. */
class OutageRcTest {
    @TempDir
    Path dir;

    /** RcFiles.MINIMAL with RUNTIME=20: the rc file's lines 1..6, the next one is line 7. */
    private static final String BASE = RcFiles.MINIMAL + "RUNTIME=20\n";

    private RunConfig parse(String body) throws RcException {
        return RcParser.parse(RcFiles.write(dir, "rc", body));
    }

    private String error(String body) {
        return assertThrows(RcException.class, () -> parse(body)).getMessage();
    }

    @Test
    void endIsTheDefaultAndRideHasItsMaximum() throws Exception {
        OutageSettings none = parse(BASE).outage();
        assertFalse(none.ride());
        assertFalse(none.disrupts());
        OutageSettings ride = parse(BASE + "OUTAGE=ride\n").outage();
        assertTrue(ride.ride());
        assertEquals(120, ride.maxSeconds());
        OutageSettings d = parse(BASE + "OUTAGE=ride\nOUTAGE_MAX=30\nDISRUPT=\"systemctl restart nfs-ganesha\"\n"
                + "DISRUPT_AT=7.5\n").outage();
        assertEquals(30, d.maxSeconds());
        assertEquals("systemctl restart nfs-ganesha", d.disrupt());
        assertEquals(7.5, d.disruptAt());
    }

    @Test
    void theEngineRidesOnlyWithRide() throws Exception {
        RunConfig ride = parse(BASE + "OUTAGE=ride\nOUTAGE_MAX=30\n");
        RunConfig end = parse(BASE + "OUTAGE=end\n");
        var point = org.sfsbench.plan.RunPlan.from(ride).points().get(0);
        String withRide = EngineConfigs.forClient(ride, point, point.clients().get(0), 1, "t").render();
        assertTrue(withRide.contains("\noutage_max=30\n"), withRide);
        var endPoint = org.sfsbench.plan.RunPlan.from(end).points().get(0);
        String withEnd = EngineConfigs.forClient(end, endPoint, endPoint.clients().get(0), 1, "t").render();
        assertFalse(withEnd.contains("outage_max"), withEnd);
    }

    @Test
    void mistakesNameFileLineAndValue() {
        String rc = dir.resolve("rc").toString();
        assertTrue(error(BASE + "OUTAGE=maybe\n").startsWith(rc + ":7: OUTAGE=maybe: 'maybe' is not an outage mode"));
        assertTrue(error(BASE + "OUTAGE_MAX=30\n").startsWith(rc + ":7: OUTAGE_MAX=30: set without OUTAGE=ride"));
        assertTrue(error(BASE + "OUTAGE=ride\nOUTAGE_MAX=0\n").startsWith(rc + ":8: OUTAGE_MAX=0: 0 is out of range"));
        assertTrue(error(BASE + "DISRUPT=\"true\"\nDISRUPT_AT=5\n")
                .startsWith(rc + ":7: DISRUPT=true: a disruption without OUTAGE=ride would end the run"));
        assertTrue(error(BASE + "OUTAGE=ride\nDISRUPT=\"true\"\nDISRUPT_AT=20\n")
                .startsWith(rc + ":9: DISRUPT_AT=20: 20 s is outside RUN; allowed: seconds into RUN, from 0 to less"
                        + " than RUNTIME=20"));
        assertTrue(error(BASE + "OUTAGE=ride\nDISRUPT=\"true\"\nDISRUPT_AT=-1\n")
                .startsWith(rc + ":9: DISRUPT_AT=-1: '-1' is not a number of seconds"));
        assertTrue(error(BASE + "OUTAGE=ride\nDISRUPT=\"true\"\n").contains("DISRUPT_AT"));
        assertTrue(error(BASE + "OUTAGE=ride\nDISRUPT_AT=3\n").startsWith(rc + ":8: DISRUPT_AT=3: set without DISRUPT"));
    }
}
