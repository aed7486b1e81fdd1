package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

class RunRulesTest {

    private static Set<String> failing(RunResult run, RunSettings s) {
        return RunRules.check(run, s).stream().filter(c -> !c.passed()).map(RuleCheck::id)
                .collect(Collectors.toSet());
    }

    /** Applies {@code change} to a good run and settings and returns the rules that then fail. */
    private static Set<String> failingAfter(BiConsumer<RunResult, Fixtures.Settings> change) {
        RunResult run = Fixtures.goodRun();
        Fixtures.Settings s = new Fixtures.Settings();
        change.accept(run, s);
        return failing(run, s);
    }

    @Test
    void goodRunIsDisclosable() {
        RunResult run = Fixtures.goodRun();
        RunRules.apply(run, new Fixtures.Settings());
        assertTrue(run.isDisclosable());
        assertTrue(run.getNonDisclosableReasons().isEmpty());
        assertEquals(16, run.getRuleChecks().size());
        assertEquals(16, run.getRuleChecks().stream().map(RuleCheck::id).distinct().count());
    }

    @Test
    void eachRuleFailsOnItsOwn() {
        assertEquals(Set.of("complete"), failingAfter((r, s) -> {
            r.setComplete(false);
            r.setFailure("client 2 worker died");
        }));
        assertEquals(Set.of("load-points"), failingAfter((r, s) -> r.getLoadPoints().remove(9)));
        assertEquals(Set.of("load-spacing"), failingAfter((r, s) -> {
            // step 300 -> 450 is 150 against a uniform step of 100
            LoadPointResult p = r.getLoadPoints().get(3);
            p.setRequestedOpsPerSec(450);
            p.setAchievedOpsPerSec(450);
        }));
        assertEquals(Set.of("achieved-load"), failingAfter((r, s) -> r.getLoadPoints().get(4).setAchievedOpsPerSec(470)));
        assertEquals(Set.of("ops-per-proc"), failingAfter((r, s) -> s.procs = 20));
        assertEquals(Set.of("runtime"), failingAfter((r, s) -> s.runtime = 60));
        assertEquals(Set.of("warmup"), failingAfter((r, s) -> s.warmup = 30));
        assertEquals(Set.of("debug"), failingAfter((r, s) -> s.debug = true));
        assertEquals(Set.of("fileset-scale"), failingAfter((r, s) -> s.scale = 0.01));
        assertEquals(Set.of("biod"), failingAfter((r, s) -> s.biodWrites = 1));
        assertEquals(Set.of("mix"), failingAfter((r, s) -> s.customMix = true));
        assertEquals(Set.of("extensions"), failingAfter((r, s) -> s.extensions = List.of("FS_PROTOCOL=posix")));
        assertEquals(Set.of("failed-ops"), failingAfter((r, s) -> {
            LoadPointResult p = r.getLoadPoints().get(2);
            p.setFailedOps(p.getTotalOps() / 100);
        }));
        assertEquals(Set.of("mix-share"), failingAfter((r, s) -> {
            List<OpResult> ops = r.getLoadPoints().get(0).getOps();
            ops.set(0, ops.get(0).toBuilder().targetPercent(98.4).build());
        }));
        assertEquals(Set.of("response-limit"), failingAfter((r, s) -> r.getLoadPoints().get(1).setMsecPerOp(21)));
        assertEquals(Set.of("backend-ops"), failingAfter((r, s) -> r.getUnsupportedOps().add("readlink")));
    }

    @Test
    void boundariesOfTolerances() {
        // 95% of requested is still fine, 94.9% is not
        assertTrue(failingAfter((r, s) -> r.getLoadPoints().get(4).setAchievedOpsPerSec(475)).isEmpty());
        assertEquals(Set.of("achieved-load"), failingAfter((r, s) -> r.getLoadPoints().get(4).setAchievedOpsPerSec(474.9)));
        // a share 1.5 points off is fine
        assertTrue(failingAfter((r, s) -> {
            List<OpResult> ops = r.getLoadPoints().get(0).getOps();
            ops.set(0, ops.get(0).toBuilder().targetPercent(98.5).build());
        }).isEmpty());
        // 0.99% failed is fine, 1% is not
        assertTrue(failingAfter((r, s) -> r.getLoadPoints().get(0).setFailedOps(297)).isEmpty());
        assertEquals(Set.of("failed-ops"), failingAfter((r, s) -> r.getLoadPoints().get(0).setFailedOps(300)));
        // 100 ops/s over 10 procs = 10 per proc (allowed); 1000 over 4 = 250 (allowed), over 3 = 333 (not)
        assertTrue(failingAfter((r, s) -> s.procs = 4).isEmpty());
        assertEquals(Set.of("ops-per-proc"), failingAfter((r, s) -> s.procs = 3));
        // a point above 20 ms beyond the peak is the normal end of a curve
        assertTrue(failingAfter((r, s) -> {
            LoadPointResult p = Fixtures.point(11, 1100, 1045, 35);
            r.getLoadPoints().add(p);
        }).isEmpty());
    }

    @Test
    void reasonsNameTheRuleAndTheValue() {
        RunResult run = Fixtures.goodRun();
        Fixtures.Settings s = new Fixtures.Settings();
        s.runtime = 60;
        RunRules.apply(run, s);
        assertFalse(run.isDisclosable());
        assertEquals(List.of("runtime: RUNTIME is 300 seconds. (RUNTIME=60)"), run.getNonDisclosableReasons());
    }
}
