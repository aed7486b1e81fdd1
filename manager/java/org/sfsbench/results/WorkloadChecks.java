package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.WorkloadRules;

import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

/**
 * What makes a result of a non-SFS workload valid (docs/results.md "Verdicts"): access steps,
 * loadfile replays and top-speed steps each have their own checks instead of SPECsfs2008's run
 * rules. Every check has a stable id, one sentence and a detail, as the run rules do.
 */
public final class WorkloadChecks {
    /** A point measured at least this share of its planned seconds measured its full window. */
    static final double WINDOW_SHARE = 0.98;
    /** An access step reached its outstanding I/Os when Little's law finds at least this share of them. */
    static final double QUEUE_SHARE = 0.5;

    private WorkloadChecks() {
    }

    /** WORKLOAD=access: full steps on prepared targets, outstanding I/Os reached, no errors. */
    public static List<RuleCheck> access(RunResult run, RunSettings s) {
        List<RuleCheck> out = new ArrayList<>();
        out.add(windows(run, s, "steps", "Every access step ran its full ramp and run time on the targets INIT"
                + " prepared once.", "step"));
        String what = "Every unpaced step kept its outstanding I/Os in flight: per worker, IOPS x mean response time"
                + " (Little's law) is at least " + RunRules.num(100 * QUEUE_SHARE) + " % of the step's queue depth.";
        RuleCheck queue = new RuleCheck("outstanding-ios", what, !run.loadPoints().isEmpty(),
                run.loadPoints().isEmpty() ? "no step finished" : "");
        double lowest = Double.POSITIVE_INFINITY;
        for (LoadPointResult p : run.loadPoints()) {
            RunSettings.AccessTarget t = s.accessTarget(p.index());
            if (p.step() != null && "probe".equals(p.step().getKind())) {
                continue; // an SLO probe is paced: its rate, not the queue depth, sets what is in flight
            }
            int workers = Math.max(1, p.loadGenerators() * p.procsPerGenerator());
            double depth = p.achievedOpsPerSec() * p.msecPerOp() / 1000.0 / workers;
            if (t == null) {
                continue;
            }
            lowest = Math.min(lowest, depth / t.outstandingIos());
            if (depth < QUEUE_SHARE * t.outstandingIos()) {
                queue = new RuleCheck("outstanding-ios", what, false, String.format(Locale.ROOT,
                        "step %d (%s, queue depth %d): %.2f I/Os in flight per worker", p.index(), t.spec(),
                        t.outstandingIos(), depth));
                break;
            }
        }
        if (queue.passed() && lowest != Double.POSITIVE_INFINITY) {
            queue = new RuleCheck("outstanding-ios", what, true, String.format(Locale.ROOT,
                    "every step; the lowest at %.0f %% of its queue depth", 100 * lowest));
        }
        out.add(queue);
        out.add(errors(run, "errors", "No I/O failed.", "step", "I/Os failed"));
        out.add(PhaseAlignment.check(run.loadPoints()));
        return out;
    }

    /** WORKLOAD=loadfile: every simulated client ran the whole time, no unexpected status. */
    public static List<RuleCheck> loadfile(RunResult run, RunSettings s) {
        List<RuleCheck> out = new ArrayList<>();
        String what = "Every simulated client replayed for the whole RUN: each client count measured its full"
                + " RUNTIME (with LOADFILE_PASSES: or ended when every client had replayed its passes), every"
                + " client host completed ops, and ops completed in every sampling interval (a paced replay: in"
                + " every one in which a client was behind its schedule).";
        RuleCheck clients = windows(run, s, "clients", what, "point");
        if (clients.passed()) {
            for (LoadPointResult p : run.loadPoints()) {
                ClientThroughput host = p.clients().stream().filter(c -> c.opsPerSec() == 0).findFirst().orElse(null);
                // a paced replay's quiet interval with no client behind its schedule is the file's: nothing was due
                IntervalPoint idle = p.intervals().stream()
                        .filter(i -> i.opsPerSec() == 0 && (p.replayLag() == null || i.behindProcs() > 0))
                        .findFirst().orElse(null);
                if (host != null) {
                    clients = new RuleCheck("clients", what, false, String.format(Locale.ROOT,
                            "point %d (%d clients): the clients on %s completed no op", p.index(),
                            p.simulatedClients(), host.client()));
                    break;
                }
                if (idle != null) {
                    clients = new RuleCheck("clients", what, false, String.format(Locale.ROOT,
                            "point %d (%d clients): no op completed in the interval ending at %.0f s", p.index(),
                            p.simulatedClients(), idle.timeSeconds()));
                    break;
                }
            }
        }
        out.add(clients);
        out.add(errors(run, "statuses", "Every loadfile line got the status the file expects (0 unexpected"
                + " statuses; the client log shows each client's first mismatches).", "point",
                "lines got an unexpected status"));
        out.add(PhaseAlignment.check(run.loadPoints()));
        return out;
    }

    /** Top speed: every step measured its full window, the knee or plateau found (or why not), no errors. */
    public static List<RuleCheck> topSpeed(RunResult run, RunSettings s) {
        List<RuleCheck> out = new ArrayList<>();
        out.add(windows(run, s, "windows", "Every step measured its full window (its ramp is not measured).",
                "step"));
        out.add(knee(run, s));
        out.add(errors(run, "errors", "No op failed.", "step", "ops failed"));
        out.add(PhaseAlignment.check(run.loadPoints()));
        return out;
    }

    /**
     * WARMUP_TIME=steady (docs/steady-state.md): every point's warm-up settled before it was
     * measured; null when no point warmed up to steady state.
     */
    public static RuleCheck steadyState(RunResult run) {
        String what = "Every point's warm-up reached steady state (WARMUP_TIME=steady) before it was measured.";
        List<LoadPointResult> steady = run.loadPoints().stream().filter(p -> p.warmup() != null).toList();
        if (steady.isEmpty()) {
            return null;
        }
        for (LoadPointResult p : steady) {
            if (!p.warmup().settled()) {
                return new RuleCheck("steady-state", what, false, "point " + p.index() + ": " + p.warmup().text());
            }
        }
        double longest = steady.stream().mapToDouble(p -> p.warmup().seconds()).max().orElse(0);
        return new RuleCheck("steady-state", what, true, String.format(Locale.ROOT,
                "all %d settled, the longest after %.0f s", steady.size(), longest));
    }

    /**
     * Whether any point rode through a server outage (OUTAGE=ride): its figures are not a steady
     * server's, so such a point is not disclosable. Null when no point had one.
     */
    public static RuleCheck outages(RunResult run) {
        String what = "No load point rode through a server outage (OUTAGE=ride; docs/running.md \"Outages\").";
        for (LoadPointResult p : run.loadPoints()) {
            if (!p.outages().isEmpty()) {
                var o = p.outages().get(0);
                return new RuleCheck("outage", what, false, String.format(Locale.ROOT,
                        "point %d: %d outage(s), the first from %.3f s to %s into RUN", p.index(), p.outages().size(),
                        o.beginSeconds(), Double.isNaN(o.endSeconds()) ? "the end"
                                : String.format(Locale.ROOT, "%.3f s", o.endSeconds())));
            }
        }
        return null;
    }

    private static RuleCheck knee(RunResult run, RunSettings s) {
        String what = "The procs ramp (STEP_PROCS) found its knee: a step adding less than "
                + RunRules.num(s.kneePct()) + " % ops/s over the one before.";
        List<LoadPointResult> ramp = run.loadPoints().stream()
                .filter(p -> p.step() != null && !List.of("curve", "probe").contains(p.step().getKind())).toList();
        for (LoadPointResult p : ramp) {
            if (p.step().isKnee()) {
                return new RuleCheck("knee", what, true, String.format(Locale.ROOT,
                        "step %d, %d procs per client, %.1f ops/s", p.index(), p.step().getProcsPerClient(),
                        p.achievedOpsPerSec()));
            }
        }
        if (!s.procsRamp()) {
            return new RuleCheck("knee", what, true, ramp.isEmpty() ? "paced load points: no ramp to look in"
                    : "no STEP_PROCS: one unpaced step, no ramp to look in");
        }
        if (ramp.size() < 2) {
            return new RuleCheck("knee", what, false, "only " + ramp.size() + " procs step finished: no knee to find");
        }
        LoadPointResult last = ramp.get(ramp.size() - 1);
        LoadPointResult before = ramp.get(ramp.size() - 2);
        double gain = before.achievedOpsPerSec() > 0
                ? 100 * (last.achievedOpsPerSec() - before.achievedOpsPerSec()) / before.achievedOpsPerSec() : 0;
        return new RuleCheck("knee", what, false, String.format(Locale.ROOT,
                "not found: the last step (%d procs per client) still added %.1f %%; the top speed may need more"
                        + " procs than STEP_PROCS's max", last.step().getProcsPerClient(), gain));
    }

    /** Every planned point finished and measured its planned seconds. */
    private static RuleCheck windows(RunResult run, RunSettings s, String id, String what, String noun) {
        List<LoadPointResult> points = run.loadPoints();
        if (points.isEmpty()) {
            return new RuleCheck(id, what, false, "no " + noun + " finished" + (run.failure() == null ? ""
                    : ": " + run.failure()));
        }
        int passesDone = 0;
        for (LoadPointResult p : points) {
            int planned = s.plannedRunSeconds(p.index());
            if (p.passesDone()) {
                passesDone++;   // its window is the time its passes took
                continue;
            }
            if (p.seconds() < WINDOW_SHARE * planned) {
                return new RuleCheck(id, what, false, String.format(Locale.ROOT, "%s %d measured %.1f of %d s",
                        noun, p.index(), p.seconds(), planned));
            }
        }
        // a top-speed run's steps are decided as it runs: no count of them is planned
        boolean unknownCount = s.rules() == WorkloadRules.TOP_SPEED;
        if (!run.complete() || (!unknownCount && points.size() < s.plannedLoads().size())) {
            return new RuleCheck(id, what, false, String.format(Locale.ROOT, "ended after %d of %s %ss: %s",
                    points.size(), unknownCount ? "the" : String.valueOf(s.plannedLoads().size()), noun,
                    run.failure() == null ? "cause not recorded" : run.failure()));
        }
        if (passesDone > 0) {
            return new RuleCheck(id, what, true, String.format(Locale.ROOT, "all %d %s%s measured in full, %d of them"
                    + " ended when every client had replayed its %d LOADFILE_PASSES", points.size(), noun,
                    points.size() == 1 ? "" : "s", passesDone, points.get(0).loadfilePasses()));
        }
        return new RuleCheck(id, what, true, String.format(Locale.ROOT, "all %d %s%s measured in full", points.size(),
                noun, points.size() == 1 ? "" : "s"));
    }

    private static RuleCheck errors(RunResult run, String id, String what, String noun, String failed) {
        for (LoadPointResult p : run.loadPoints()) {
            if (p.failedOps() > 0) {
                return new RuleCheck(id, what, false, String.format(Locale.ROOT, "%s %d: %d of %d %s", noun,
                        p.index(), p.failedOps(), p.totalOps(), failed));
            }
        }
        return new RuleCheck(id, what, !run.loadPoints().isEmpty(), run.loadPoints().isEmpty()
                ? "nothing measured" : "0 at every " + noun);
    }
}
