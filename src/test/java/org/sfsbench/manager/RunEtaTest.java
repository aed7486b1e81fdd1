package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class RunEtaTest {

    @Test
    void unknownUntilAnInitShowsItsRateThenLearnedFromIt() {
        // three points of 100, 200, 300 ops/s; WARMUP 10 s + RUN 50 s each
        RunEta eta = new RunEta(List.of(100, 200, 300), 10, 50, 0);
        assertEquals("[eta ?]", eta.text(0));
        eta.initStarted(1, 0);
        assertEquals("[eta ?]", eta.text(1000));
        // 1/4 of the file set in 5 s: 15 s of INIT left, then 60 s measured; INIT takes 20 s per 100 ops/s
        eta.initProgress(25, 100, 5_000);
        double left = eta.secondsLeft(5_000);
        assertEquals(15 + 60 + (40 + 60) + (60 + 60), left, 0.001);
        eta.initDone(20_000);
        assertEquals(60 + 100 + 120, eta.secondsLeft(20_000), 0.001);
        assertEquals(30 + 100 + 120, eta.secondsLeft(50_000), 0.001);
        assertTrue(eta.text(50_000).matches("\\[\\d+\\.\\d%\\]\\[eta 4m10s\\]"), eta.text(50_000));
    }

    @Test
    void stepsOnOnePreparedFileSetCountOnlyTheirRampAndRun() {
        // an access test: one INIT, then 3 steps of 0 requested ops/s, ramp 5 s + run 10 s each
        RunEta eta = new RunEta(List.of(0, 0, 0), 5, 10, 0);
        eta.initStarted(1, 0);
        eta.initDone(4_000);
        eta.stepStarted(1, 4_000);
        assertEquals(15 + 15 + 15, eta.secondsLeft(4_000), 0.001);
        eta.stepStarted(2, 20_000);
        assertEquals(15 + 15, eta.secondsLeft(20_000), 0.001);
        eta.stepStarted(3, 36_000);
        assertEquals(5, eta.secondsLeft(46_000), 0.001);
    }

    @Test
    void lastPointEndsAtItsPhaseEnd() {
        RunEta eta = new RunEta(List.of(10), 0, 60, 0);
        eta.initStarted(1, 0);
        eta.initDone(10_000);
        eta.phaseEndsAt(75_000);
        assertEquals(5, eta.secondsLeft(70_000), 0.001);
        assertEquals("[93.3%][eta 5s]", eta.text(70_000));
        assertEquals("1h12m", RunEta.shortDuration(72 * 60));
    }
}
