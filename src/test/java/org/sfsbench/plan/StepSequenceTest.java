package org.sfsbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.rc.TopSpeed;

class StepSequenceTest {

    private static TopSpeed ts(TopSpeed.StepProcs steps, double plateau, List<Integer> pcts, double maxMsec) {
        return new TopSpeed(true, 0, 1 << 20, 0, steps, plateau, pcts, maxMsec, null);
    }

    @Test
    void plateauStopsTheRampAndTheKneeIsTheStepBefore() {
        StepSequence seq = new StepSequence(ts(new TopSpeed.StepProcs(1, 1, 60, 10, 10), 5, List.of(), 0), 10, 2, 0, 0);
        double[] ops = {1000, 1900, 2500, 2550};
        for (int k = 0; k < ops.length; k++) {
            Step s = seq.next();
            assertEquals(k + 1, s.procsPerClient());
            assertEquals(10, s.rampSeconds());
            assertEquals(50, s.measureSeconds());
            seq.record(ops[k], 1.0);
        }
        assertNull(seq.next(), "a step that added 2 % < PLATEAU_PCT 5 % ends the ramp");
        assertEquals(2, seq.knee());
        assertEquals(2550, seq.maximum());
        assertTrue(seq.stopReason().startsWith("plateau: 4 procs per client added 2.0 %"), seq.stopReason());
    }

    @Test
    void curveRunsPercentagesOfTheMaximumAndStopsAtTheResponseLimit() {
        StepSequence seq = new StepSequence(ts(null, 0, List.of(10, 50, 90, 100), 3.0), 4, 2, 5, 20);
        Step max = seq.next();
        assertEquals(Step.Kind.MAX, max.kind());
        assertEquals(0, max.perProcRate());
        seq.record(8000, 2.5);
        Step c10 = seq.next();
        assertEquals(Step.Kind.CURVE, c10.kind());
        assertEquals(100.0, c10.perProcRate(), 1e-9, "10 % of 8000 ops/s over 4 procs x 2 clients");
        seq.record(800, 0.5);
        Step c50 = seq.next();
        assertEquals(500.0, c50.perProcRate(), 1e-9);
        seq.record(4000, 3.5);
        assertNull(seq.next(), "3.5 msec/op passed CURVE_MAX_MSEC=3");
        assertEquals(-1, seq.knee());
        assertTrue(seq.stopReason().contains("CURVE_MAX_MSEC=3"), seq.stopReason());
    }

    @Test
    void stepCountsReachTheMaximum() {
        assertEquals(List.of(1, 4, 7, 10), new TopSpeed.StepProcs(1, 3, 60, 10, 10).counts());
        assertEquals(List.of(2, 4, 5), new TopSpeed.StepProcs(2, 2, 60, 5, 10).counts());
    }
}
