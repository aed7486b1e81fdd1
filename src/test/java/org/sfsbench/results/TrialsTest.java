package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.TrialResult;
import org.sfsbench.stats.Spread;

class TrialsTest {
    private static LoadPointResult trial(double achieved, double msec, long failed) {
        return Fixtures.point(1, 100, achieved, msec).with(p -> {
            p.failedOps = failed;
            p.p99Ms = msec * 3;
        });
    }

    @Test
    void aPointOfThreeTrialsIsTheirMeanWithTheMedianTrialsDetail() {
        LoadPointResult p = Trials.combine(List.of(trial(99, 2.0, 0), trial(101, 2.2, 0), trial(100, 2.1, 0)));
        assertEquals(100, p.achievedOpsPerSec(), 1e-9);
        assertEquals(2.1, p.msecPerOp(), 1e-9);
        assertEquals(6.3, p.p99Ms(), 1e-9);
        assertEquals(3, p.trials().size());
        assertEquals(List.of(1, 2, 3), p.trials().stream().map(TrialResult::trial).toList());
        Spread s = Trials.spread(p, TrialResult::achievedOpsPerSec);
        assertEquals(1.0, s.sd(), 1e-9);
        assertTrue(s.ciLow() < 100 && 100 < s.ciHigh());
        assertEquals(100 - 4.303 / Math.sqrt(3), s.ciLow(), 0.01);
        assertTrue(TrialsText.table(p).contains("Trials (3, consecutive"), TrialsText.table(p));
        assertEquals(" (95 % CI 98..102 ops/sec over 3 trials)", TrialsText.throughputInterval(p));
        assertEquals(Fixtures.point(1, 100, 99, 2.0), Trials.combine(List.of(Fixtures.point(1, 100, 99, 2.0))),
                "one trial is the point itself");
    }

    @Test
    void everyTrialMustPassThePerPointRules() {
        RunResult.Builder run = Fixtures.goodRun();
        long requested = run.loadPoints.get(0).requestedOpsPerSec();
        LoadPointResult base = run.loadPoints.get(0);
        // the mean is within 5 % of the request, one trial is not
        LoadPointResult slowTrial = base.with(p -> p.achievedOpsPerSec = requested * 0.90);
        LoadPointResult fastTrial = base.with(p -> p.achievedOpsPerSec = requested * 1.04);
        LoadPointResult okTrial = base.with(p -> p.achievedOpsPerSec = requested);
        run.loadPoints.set(0, Trials.combine(List.of(okTrial, slowTrial, fastTrial)));
        assertEquals(requested * 0.98, run.loadPoints.get(0).achievedOpsPerSec(), 1e-6);
        RuleCheck achieved = RunRules.check(run.build(), new Fixtures.Settings()).stream()
                .filter(c -> c.id().equals("achieved-load")).findFirst().orElseThrow();
        assertTrue(!achieved.passed() && achieved.detail().startsWith("point 1 trial 2 achieved"), achieved.detail());
    }
}
