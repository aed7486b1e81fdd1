package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

class RunRulesTest {

    private static Set<String> failing(RunResult run, RunSettings s) {
        return RunRules.check(run, s).stream().filter(c -> !c.passed()).map(RuleCheck::id)
                .collect(Collectors.toSet());
    }

    /** Applies {@code change} to a good run and settings and returns the rules that then fail. */
    private static Set<String> failingAfter(BiConsumer<RunResult.Builder, Fixtures.Settings> change) {
        RunResult.Builder run = Fixtures.goodRun();
        Fixtures.Settings s = new Fixtures.Settings();
        change.accept(run, s);
        return failing(run.build(), s);
    }

    /** Replaces load point {@code i} of {@code run} by a changed copy. */
    private static void point(RunResult.Builder run, int i, Consumer<LoadPointResult.Builder> change) {
        LoadPointResult.Builder p = run.loadPoints.get(i).toBuilder();
        change.accept(p);
        run.loadPoints.set(i, p.build());
    }

    @Test
    void goodRunIsDisclosable() {
        RunResult.Builder run = Fixtures.goodRun();
        RunRules.apply(run, new Fixtures.Settings());
        assertTrue(run.disclosable);
        assertTrue(run.nonDisclosableReasons.isEmpty());
        assertEquals(16, run.ruleChecks.size());
        assertEquals(16, run.ruleChecks.stream().map(RuleCheck::id).distinct().count());
    }

    @Test
    void eachRuleFailsOnItsOwn() {
        assertEquals(Set.of("complete"), failingAfter((r, s) -> {
            r.complete = false;
            r.failure = "client 2 worker died";
        }));
        assertEquals(Set.of("load-points"), failingAfter((r, s) -> {
            r.loadPoints.remove(9);
            s.loads.remove(9);
        }));
        assertEquals(Set.of("load-spacing"), failingAfter((r, s) -> {
            // step 300 -> 450 is 150 against a uniform step of 100
            point(r, 3, p -> {
                p.requestedOpsPerSec = 450;
                p.achievedOpsPerSec = 450;
            });
            s.loads.set(3, 450L);
        }));
        assertEquals(Set.of("achieved-load"), failingAfter((r, s) -> point(r, 4, p -> p.achievedOpsPerSec = 470)));
        assertEquals(Set.of("runtime"), failingAfter((r, s) -> s.runtime = 60));
        assertEquals(Set.of("warmup"), failingAfter((r, s) -> s.warmup = 30));
        assertEquals(Set.of("debug"), failingAfter((r, s) -> s.debug = true));
        assertEquals(Set.of("fileset-scale"), failingAfter((r, s) -> s.scale = 0.01));
        assertEquals(Set.of("biod"), failingAfter((r, s) -> s.biodWrites = 1));
        assertEquals(Set.of("mix"), failingAfter((r, s) -> s.customMix = true));
        assertEquals(Set.of("extensions"), failingAfter((r, s) -> s.extensions = List.of("FS_PROTOCOL=posix")));
        assertEquals(Set.of("failed-ops"), failingAfter((r, s) -> {
            point(r, 2, p -> p.failedOps = p.totalOps / 100);
        }));
        assertEquals(Set.of("mix-share"), failingAfter((r, s) -> {
            point(r, 0, p -> p.ops.set(0, p.ops.get(0).with(o -> o.targetPercent = 98.4)));
        }));
        assertEquals(Set.of("response-limit"), failingAfter((r, s) -> point(r, 1, p -> p.msecPerOp = 21)));
        assertEquals(Set.of("backend-ops"), failingAfter((r, s) -> r.unsupportedOps.add("readlink")));
        assertEquals(Set.of("phase-alignment"), failingAfter((r, s) -> point(r, 3, p -> p.clients = List.of(
                new ClientThroughput("c1", 1, 100, Double.NaN, null, new ClientClock(0, 0.5, 0.1, 0.2, 0, 1, 0)),
                new ClientThroughput("c2", 2, 100, Double.NaN, null, new ClientClock(2000, 0.5, -250, -1500, 0, 1, 0))))));
    }

    @Test
    void boundariesOfTolerances() {
        // 95% of requested is still fine, 94.9% is not
        assertTrue(failingAfter((r, s) -> point(r, 4, p -> p.achievedOpsPerSec = 475)).isEmpty());
        assertEquals(Set.of("achieved-load"), failingAfter((r, s) -> point(r, 4, p -> p.achievedOpsPerSec = 474.9)));
        // a share 1.5 points off is fine
        assertTrue(failingAfter((r, s) -> {
            point(r, 0, p -> p.ops.set(0, p.ops.get(0).with(o -> o.targetPercent = 98.5)));
        }).isEmpty());
        // 0.99% failed is fine, 1% is not
        assertTrue(failingAfter((r, s) -> point(r, 0, p -> p.failedOps = 297)).isEmpty());
        assertEquals(Set.of("failed-ops"), failingAfter((r, s) -> point(r, 0, p -> p.failedOps = 300)));
        // a point above 20 ms beyond the peak is the normal end of a curve
        assertTrue(failingAfter((r, s) -> {
            LoadPointResult p = Fixtures.point(11, 1100, 1045, 35);
            r.loadPoints.add(p);
        }).isEmpty());
    }

    @Test
    void reasonsNameTheRuleAndTheValue() {
        RunResult.Builder run = Fixtures.goodRun();
        Fixtures.Settings s = new Fixtures.Settings();
        s.runtime = 60;
        RunRules.apply(run, s);
        assertFalse(run.disclosable);
        assertEquals(List.of("runtime failed: RUNTIME=60, 240 s short of 300 s"), run.nonDisclosableReasons);
    }

    @Test
    void failedRulesSayWhatFailedAndByHowMuch() {
        RunResult.Builder run = Fixtures.goodRun();
        Fixtures.Settings s = new Fixtures.Settings();
        s.scale = 0.001;
        point(run, 0, p -> p.ops.set(0, p.ops.get(0).with(o -> o.targetPercent = 97)));
        point(run, 4, p -> p.achievedOpsPerSec = 450);
        RunRules.apply(run, s);
        List<String> r = run.nonDisclosableReasons;
        assertEquals("fileset-scale failed: FILESET_SCALE=0.001, the file set is 0.1% of the full size", r.get(0));
        assertEquals("achieved-load failed: point 5 achieved 450 of 500 requested ops/s (90.0%), 10.0% off, 5% allowed",
                r.get(1));
        assertTrue(r.get(2).startsWith("mix-share failed: point 1: ") && r.get(2).endsWith(": 3.00 points off, 1.5 allowed"),
                r.get(2));
        assertEquals(3, r.size(), r.toString());
    }

    @Test
    void aRunThatMeasuredNothingIsNotCalledTooSlow() {
        RunResult.Builder run = Fixtures.goodRun();
        run.loadPoints.clear();
        run.complete = false;
        run.failure = "interrupted by the user (Ctrl-C / SIGTERM on the manager)";
        RunRules.apply(run, new Fixtures.Settings());
        String limit = run.nonDisclosableReasons.stream().filter(r -> r.startsWith("response-limit")).findFirst()
                .orElseThrow();
        assertEquals("response-limit failed: no load point finished, nothing measured", limit);

        RunResult.Builder slow = Fixtures.goodRun();
        for (int i = 0; i < slow.loadPoints.size(); i++) {
            point(slow, i, p -> p.msecPerOp = 25);
        }
        RunRules.apply(slow, new Fixtures.Settings());
        assertTrue(slow.nonDisclosableReasons.contains(
                "response-limit failed: every finished point is above 20 msec/op"), slow.nonDisclosableReasons.toString());
    }

    @Test
    void numbersAreNeverPrintedWithTheirDigitsStripped() {
        assertEquals("0.001", RunRules.num(0.001));
        assertEquals("0.0002", RunRules.num(0.0002));
        assertEquals("0.25", RunRules.num(0.25));
        assertEquals("1.5", RunRules.num(1.5));
        assertEquals("300", RunRules.num(300));
    }
}
