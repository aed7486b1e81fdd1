package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.ReplayLagResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.StepResult;
import org.sfsbench.results.model.WarmupResult;

/** Each workload's verdict and headline (docs/results.md "Headline" and "Verdicts"), from hand-made results. */
class VerdictsTest {

    /** Settings of a non-SFS run: its rules, the planned seconds, the access targets, the ramp. */
    static class Own extends Fixtures.Settings {
        WorkloadRules rules;
        boolean ramp;

        Own(WorkloadRules rules, int points, int seconds) {
            this.rules = rules;
            this.runtime = seconds;
            this.loads = new java.util.ArrayList<>();
            for (int i = 1; i <= points; i++) {
                loads.add(rules == WorkloadRules.LOADFILE ? (long) i : 0L);
            }
        }

        @Override
        public WorkloadRules rules() {
            return rules;
        }

        @Override
        public AccessTarget accessTarget(int index) {
            return rules == WorkloadRules.ACCESS ? new AccessTarget(index <= 2 ? "OLTP" : "Seq", index % 2 == 1 ? 1 : 8)
                    : null;
        }

        @Override
        public boolean procsRamp() {
            return ramp;
        }
    }

    private static LoadPointResult point(int index, double ops, double msec, double seconds, double mbps) {
        return Fixtures.point(index, 0, ops, msec).with(b -> {
            b.seconds = seconds;
            b.throughputMBps = mbps;
            b.p99Ms = msec * 3;
            b.loadGenerators = 1;
            b.procsPerGenerator = 2;
        });
    }

    private static RunResult judged(RunResult.Builder r, RunSettings s) {
        r.complete = true;
        Verdicts.apply(r, s);
        return r.build();
    }

    @Test
    void sfsRunsKeepTheRunRulesAndTheirHeadline() {
        RunResult.Builder b = Fixtures.goodRun();
        Metrics.compute(b.loadPoints).applyTo(b);
        RunResult r = judged(b, new Fixtures.Settings());
        assertTrue(r.disclosable() && r.headline().valid() && r.headline().sfs2008(), r.toString());
        assertEquals(List.of(Headlines.sfs(r)), r.headline().lines());
        assertTrue(r.headline().lines().get(0).contains("(Overall Response Time = "), r.headline().toString());
        assertTrue(r.ruleChecks().stream().anyMatch(c -> c.id().equals("load-spacing")));
    }

    @Test
    void accessPerSpecBestIopsAndMegabytesWithQueueDepthAndP99() {
        RunResult.Builder b = RunResult.builder();
        // OLTP depth 1 then 8 (2 workers: 1000 ops/s at 2 ms keep 1 in flight each; 3000 at 5 ms, 7.5),
        // Seq depth 1 then 8
        b.loadPoints.addAll(List.of(point(1, 1000, 2, 10, 8), point(2, 3000, 5, 10, 24), point(3, 500, 4, 10, 64),
                point(4, 450, 30, 10, 57)));
        RunResult r = judged(b, new Own(WorkloadRules.ACCESS, 4, 10));
        assertEquals(List.of("OLTP: 3000 IOPS at queue depth 8 (step 2, p99 15.000 ms); 24.00 MB/s at queue depth 8"
                + " (step 2, p99 15.000 ms)", "Seq: 500 IOPS at queue depth 1 (step 3, p99 12.000 ms); 64.00 MB/s at"
                + " queue depth 1 (step 3, p99 12.000 ms)"), r.headline().lines());
        assertEquals(List.of("steps", "outstanding-ios", "errors", "phase-alignment"), r.ruleChecks().stream().map(RuleCheck::id).toList());
        assertTrue(r.headline().valid(), r.ruleChecks().toString());
        assertFalse(r.disclosable());
        assertEquals(List.of(Verdicts.notApplicable(WorkloadRules.ACCESS)), r.nonDisclosableReasons());
    }

    @Test
    void accessFailsAShortStepAQueueNotReachedAndErrors() {
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.addAll(List.of(point(1, 1000, 2, 10, 8), point(2, 3000, 1, 6, 24).with(p -> p.failedOps = 3)));
        RunResult r = judged(b, new Own(WorkloadRules.ACCESS, 2, 10));
        assertFalse(r.headline().valid());
        assertEquals("step 2 measured 6.0 of 10 s", r.ruleChecks().get(0).detail());
        assertEquals("step 2 (OLTP, queue depth 8): 1.50 I/Os in flight per worker", r.ruleChecks().get(1).detail());
        assertTrue(r.ruleChecks().get(2).detail().startsWith("step 2: 3 of "), r.ruleChecks().get(2).detail());
    }

    @Test
    void loadfileHeadlineIsDbenchsLinePerClientCount() {
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.addAll(List.of(point(1, 100, 1, 3, 40.6701).with(p -> p.simulatedClients = 1),
                point(2, 150, 1, 3, 50).with(p -> p.simulatedClients = 3)));
        RunResult r = judged(b, new Own(WorkloadRules.LOADFILE, 2, 3));
        assertTrue(r.headline().lines().get(0).startsWith("Throughput 40.6701 MB/sec (NB=50.8376 MB/sec  406.701"
                + " MBit/sec)  1 clients  1 procs  max_latency="), r.headline().lines().get(0));
        assertTrue(r.ruleChecks().get(0).passed() && r.ruleChecks().get(1).passed(), r.ruleChecks().toString());
        // a client count with an interval in which no client completed an op did not run the whole time
        b.loadPoints.set(1, b.loadPoints.get(1).with(p -> p.intervals = new java.util.ArrayList<>(
                List.of(new IntervalPoint(1, 150, 1, 1, 0, 0), new IntervalPoint(2, 0, 0, Double.NaN, 0, 0)))));
        RunResult stalled = judged(b, new Own(WorkloadRules.LOADFILE, 2, 3));
        assertEquals("point 2 (3 clients): no op completed in the interval ending at 2 s",
                stalled.ruleChecks().get(0).detail());
        assertFalse(stalled.headline().valid());
        // paced by the file's timestamps: a quiet interval with no client behind is the file's, one with a
        // client behind its schedule is a stall
        ReplayLagResult lag = new ReplayLagResult(300, 0.1, 0.2, 0.5, 2);
        b.loadPoints.set(1, b.loadPoints.get(1).with(p -> p.replayLag = lag));
        assertTrue(judged(b, new Own(WorkloadRules.LOADFILE, 2, 3)).ruleChecks().get(0).passed());
        b.loadPoints.set(1, b.loadPoints.get(1).with(p -> p.intervals = new java.util.ArrayList<>(
                List.of(new IntervalPoint(1, 150, 1, 2, 0, 0), new IntervalPoint(2, 0, 0, Double.NaN, 0, 1)))));
        assertEquals("point 2 (3 clients): no op completed in the interval ending at 2 s",
                judged(b, new Own(WorkloadRules.LOADFILE, 2, 3)).ruleChecks().get(0).detail());
    }

    @Test
    void loadfilePassesDoneBeforeRuntimeAreMeasuredInFullAndAShortPointWithoutThemIsNot() {
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.add(point(1, 40, 1, 0.4, 1).with(p -> {
            p.simulatedClients = 1;
            p.loadfilePasses = 2;
            p.passesDone = true;
        }));
        RuleCheck clients = judged(b, new Own(WorkloadRules.LOADFILE, 1, 60)).ruleChecks().get(0);
        assertTrue(clients.passed(), clients.toString());
        assertEquals("all 1 point measured in full, 1 of them ended when every client had replayed its 2"
                + " LOADFILE_PASSES", clients.detail());
        // the same 0.4 s with the passes not done (RUN cut short) measured a part of RUNTIME only
        b.loadPoints.set(0, b.loadPoints.get(0).with(p -> p.passesDone = false));
        RuleCheck cut = judged(b, new Own(WorkloadRules.LOADFILE, 1, 60)).ruleChecks().get(0);
        assertFalse(cut.passed());
        assertEquals("point 1 measured 0.4 of 60 s", cut.detail());
        // a run that failed after its passes were done is not complete
        b.loadPoints.set(0, b.loadPoints.get(0).with(p -> p.passesDone = true));
        b.complete = false;
        b.failure = "client 1 lost";
        Verdicts.apply(b, new Own(WorkloadRules.LOADFILE, 2, 60));
        RunResult failed = b.build();
        assertFalse(failed.ruleChecks().get(0).passed());
        assertEquals("ended after 1 of 2 points: client 1 lost", failed.ruleChecks().get(0).detail());
        assertEquals("Passes: every client replayed its 2 passes, in 0.400 s", LoadfileText.passesLine(b.loadPoints
                .get(0)));
        assertEquals("Passes: RUNTIME (60 s) ended RUN before every client had replayed its 1 pass", LoadfileText
                .passesLine(b.loadPoints.get(0).with(p -> {
                    p.loadfilePasses = 1;
                    p.passesDone = false;
                    p.seconds = 60;
                })));
    }

    @Test
    void topSpeedSaysWhyThereIsNoKnee() {
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.addAll(List.of(step(point(1, 1000, 1, 2, 4), "procs", 1, false),
                step(point(2, 1900, 1, 2, 8), "procs", 2, false), step(point(3, 950, 1, 2, 4), "curve", 2, false)));
        Own s = new Own(WorkloadRules.TOP_SPEED, 1, 2);
        s.ramp = true;
        RunResult r = judged(b, s);
        assertEquals(List.of("Top speed: 1900 ops/sec, 8.00 MB/sec at step 2 (2 procs per client, unpaced), 1.000"
                + " msec/op", "Knee: none found (see the knee check)", "Curve: 50 % = 950 ops/sec at 1.000 msec/op"),
                r.headline().lines());
        RuleCheck knee = r.ruleChecks().get(1);
        assertFalse(knee.passed());
        assertEquals("not found: the last step (2 procs per client) still added 90.0 %; the top speed may need more"
                + " procs than STEP_PROCS's max", knee.detail());
        assertTrue(r.ruleChecks().get(0).passed() && r.ruleChecks().get(2).passed(), r.ruleChecks().toString());
    }

    @Test
    void withTrialsTopSpeedAndLoadfileHeadlinesStateTheirInterval() {
        LoadPointResult top = Trials.combine(List.of(step(point(1, 1900, 1, 2, 8), "max", 2, false),
                step(point(1, 2100, 1, 2, 9), "max", 2, false)));
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.add(top);
        RunResult r = judged(b, new Own(WorkloadRules.TOP_SPEED, 1, 2));
        // mean 2000, sd 141.4, t(0.975, 1) = 12.706: 2000 -+ 1270.6
        assertEquals("Top speed: 2000 ops/sec (95 % CI 729..3271 ops/sec over 2 trials), 8.50 MB/sec at step 1"
                + " (2 procs per client, unpaced), 1.000 msec/op", r.headline().lines().get(0));
        LoadPointResult replay = Trials.combine(List.of(point(1, 100, 1, 3, 40).with(p -> p.simulatedClients = 2),
                point(1, 100, 1, 3, 42).with(p -> p.simulatedClients = 2)));
        RunResult.Builder l = RunResult.builder();
        l.loadPoints.add(replay);
        String line = judged(l, new Own(WorkloadRules.LOADFILE, 1, 3)).headline().lines().get(0);
        assertTrue(line.startsWith("Throughput 41 MB/sec (NB=51.25 MB/sec") && line.endsWith(
                " (95 % CI 28.294..53.706 MB/sec over 2 trials)"), line);
    }

    @Test
    void aWarmupThatNeverSettledFailsTheSteadyStateCheck() {
        RunResult.Builder b = RunResult.builder();
        b.loadPoints.addAll(List.of(
                step(point(1, 1000, 1, 2, 4), "max", 2, false).with(p -> p.warmup = new WarmupResult(12, 30, true,
                        99, 0.02, 0.05, 0.03)),
                step(point(2, 1900, 1, 2, 8), "max", 2, false).with(p -> p.warmup = new WarmupResult(30, 30, false,
                        99, 0.01, 0.41, 0.25))));
        RunResult r = judged(b, new Own(WorkloadRules.TOP_SPEED, 2, 2));
        RuleCheck steady = r.ruleChecks().stream().filter(c -> c.id().equals("steady-state")).findFirst().orElseThrow();
        assertFalse(steady.passed());
        assertEquals("point 2: did not settle within WARMUP_MAX=30 s (ops/s drift 1.0 %, p99 drift 41.0 %, mean drift 25.0 %)",
                steady.detail());
        assertFalse(r.headline().valid());
        // an SFS run with an unsettled point is not disclosable, and says why
        RunResult.Builder sfs = Fixtures.goodRun();
        sfs.loadPoints.set(0, sfs.loadPoints.get(0).with(p -> p.warmup = new WarmupResult(30, 30, false, 99,
                Double.NaN, Double.NaN, Double.NaN)));
        Metrics.compute(sfs.loadPoints).applyTo(sfs);
        RunResult judgedSfs = judged(sfs, new Fixtures.Settings());
        assertFalse(judgedSfs.disclosable());
        assertTrue(judgedSfs.nonDisclosableReasons().contains("a warm-up did not reach steady state: point 1: did not"
                + " settle within WARMUP_MAX=30 s (not judged: too few intervals or ops)"), judgedSfs.nonDisclosableReasons()
                .toString());
    }

    private static LoadPointResult step(LoadPointResult p, String kind, int procs, boolean knee) {
        StepResult st = new StepResult();
        st.setKind(kind);
        st.setProcsPerClient(procs);
        st.setKnee(knee);
        st.setCurvePct(kind.equals("curve") ? 50 : 0);
        return p.with(b -> b.step = st);
    }
}
