package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

/**
 * The run rules that decide whether a result is disclosable. Every rule has a stable id and one
 * sentence; a run is disclosable only if every rule passes. Sources and tolerances are listed in
 * docs/results.md.
 */
public final class RunRules {
    /** Fewest load points of a disclosable run (published SPECsfs2008 runs have 10 or 11). */
    public static final int MIN_LOAD_POINTS = 10;
    /** Each step of requested load may differ from the uniform step by this fraction. */
    public static final double SPACING_TOLERANCE = 0.30;
    /** Achieved throughput must be within this fraction of the requested load. */
    public static final double ACHIEVED_TOLERANCE = 0.05;
    /** Requested ops/s per proc must lie in this range. */
    public static final double MIN_OPS_PER_PROC = 10;
    public static final double MAX_OPS_PER_PROC = 250;
    /** Required RUNTIME and WARMUP_TIME, seconds. */
    public static final int REQUIRED_SECONDS = 300;
    /** Failed ops must stay below this percentage of all ops of every point. */
    public static final double MAX_FAILED_PERCENT = 1.0;
    /** Each op's achieved share may be this many percentage points off its target. */
    public static final double MIX_TOLERANCE_POINTS = 1.5;
    /** Smallest BIOD_MAX_READS / BIOD_MAX_WRITES. */
    public static final int MIN_BIOD = 2;

    /** Slack for floating-point comparisons at a tolerance's exact edge. */
    private static final double EPS = 1e-9;

    private RunRules() {
    }

    /** Checks every rule, in a fixed order. */
    public static List<RuleCheck> check(RunResult run, RunSettings s) {
        List<LoadPointResult> points = run.loadPoints();
        Metrics m = Metrics.compute(points);
        List<RuleCheck> out = new ArrayList<>();
        out.add(rule("complete", "The run finished every load point.", run.complete(),
                run.complete() ? "all " + points.size() + " points finished" : "ended early: " + run.failure()));
        out.add(rule("load-points", "A run has at least " + MIN_LOAD_POINTS + " load points.",
                points.size() >= MIN_LOAD_POINTS, points.size() + " load points"));
        out.add(spacing(points));
        out.add(achieved(points));
        out.add(opsPerProc(points, s.procsTotal()));
        out.add(rule("runtime", "RUNTIME is " + REQUIRED_SECONDS + " seconds.",
                s.runtimeSeconds() == REQUIRED_SECONDS, "RUNTIME=" + s.runtimeSeconds()));
        out.add(rule("warmup", "WARMUP_TIME is " + REQUIRED_SECONDS + " seconds.",
                s.warmupSeconds() == REQUIRED_SECONDS, "WARMUP_TIME=" + s.warmupSeconds()));
        out.add(rule("debug", "DEBUG is not set.", !s.debug(), s.debug() ? "DEBUG is set" : "DEBUG not set"));
        out.add(rule("fileset-scale", "FILESET_SCALE is 1 (the full file set).", s.filesetScale() == 1.0,
                "FILESET_SCALE=" + num(s.filesetScale())));
        out.add(rule("biod", "BIOD_MAX_READS and BIOD_MAX_WRITES are at least " + MIN_BIOD + ".",
                s.biodMaxReads() >= MIN_BIOD && s.biodMaxWrites() >= MIN_BIOD,
                "BIOD_MAX_READS=" + s.biodMaxReads() + " BIOD_MAX_WRITES=" + s.biodMaxWrites()));
        out.add(rule("mix", "The standard op mix of the protocol is used (no MIXFILE).", !s.customMix(),
                s.customMix() ? "MIXFILE replaces the standard mix" : "standard mix"));
        out.add(rule("extensions", "No sfsbench extension or forbidden non-default value is used.",
                s.extensions().isEmpty(), s.extensions().isEmpty() ? "none" : String.join(", ", s.extensions())));
        out.add(failedOps(points));
        out.add(mixShare(points));
        out.add(responseLimit(points, m));
        out.add(rule("backend-ops", "The backend issued every op of the mix.", run.unsupportedOps().isEmpty(),
                run.unsupportedOps().isEmpty() ? "all ops issued"
                        : "not issued: " + String.join(", ", run.unsupportedOps())));
        return out;
    }

    /** Checks the rules and stores checks, verdict and reasons in {@code run}. */
    public static void apply(RunResult.Builder run, RunSettings s) {
        List<RuleCheck> checks = check(run.build(), s);
        run.ruleChecks(checks);
        List<String> reasons = new ArrayList<>();
        for (RuleCheck c : checks) {
            if (!c.passed()) {
                reasons.add(c.id() + ": " + c.description() + " (" + c.detail() + ")");
            }
        }
        run.nonDisclosableReasons(reasons);
        run.disclosable(reasons.isEmpty());
    }

    private static RuleCheck spacing(List<LoadPointResult> points) {
        String what = "Requested loads increase in equal steps (each step within "
                + pct(SPACING_TOLERANCE) + " of the uniform step).";
        if (points.size() < 2) {
            return rule("load-spacing", what, true, "fewer than 2 points");
        }
        double first = points.get(0).requestedOpsPerSec();
        double last = points.get(points.size() - 1).requestedOpsPerSec();
        double step = (last - first) / (points.size() - 1);
        for (int i = 1; i < points.size(); i++) {
            double d = points.get(i).requestedOpsPerSec() - points.get(i - 1).requestedOpsPerSec();
            if (step <= 0 || d <= 0 || Math.abs(d - step) > SPACING_TOLERANCE * step + EPS) {
                return rule("load-spacing", what, false, String.format(Locale.ROOT,
                        "step to point %d is %s ops/s, uniform step %s ops/s",
                        points.get(i).index(), num(d), num(step)));
            }
        }
        return rule("load-spacing", what, true, "uniform step " + num(step) + " ops/s");
    }

    private static RuleCheck achieved(List<LoadPointResult> points) {
        String what = "Every point achieves within " + pct(ACHIEVED_TOLERANCE) + " of its requested load.";
        for (LoadPointResult p : points) {
            double ratio = p.requestedOpsPerSec() == 0 ? 0 : p.achievedOpsPerSec() / p.requestedOpsPerSec();
            if (Math.abs(ratio - 1) > ACHIEVED_TOLERANCE + EPS) {
                return rule("achieved-load", what, false, String.format(Locale.ROOT,
                        "point %d achieved %s of %d requested ops/s (%.1f%%)", p.index(),
                        num(p.achievedOpsPerSec()), p.requestedOpsPerSec(), 100 * ratio));
            }
        }
        return rule("achieved-load", what, true, "all points within tolerance");
    }

    private static RuleCheck opsPerProc(List<LoadPointResult> points, int procs) {
        String what = "Requested ops/s per proc lies between " + num(MIN_OPS_PER_PROC) + " and "
                + num(MAX_OPS_PER_PROC) + ".";
        if (procs <= 0) {
            return rule("ops-per-proc", what, false, "no procs");
        }
        for (LoadPointResult p : points) {
            double perProc = (double) p.requestedOpsPerSec() / procs;
            if (perProc < MIN_OPS_PER_PROC - EPS || perProc > MAX_OPS_PER_PROC + EPS) {
                return rule("ops-per-proc", what, false, String.format(Locale.ROOT,
                        "point %d asks %s ops/s of each of %d procs", p.index(), num(perProc), procs));
            }
        }
        return rule("ops-per-proc", what, true, procs + " procs");
    }

    private static RuleCheck failedOps(List<LoadPointResult> points) {
        String what = "Failed ops stay below " + num(MAX_FAILED_PERCENT) + "% of the ops of every point.";
        for (LoadPointResult p : points) {
            double pc = p.totalOps() == 0 ? 0 : 100.0 * p.failedOps() / p.totalOps();
            if (pc >= MAX_FAILED_PERCENT) {
                return rule("failed-ops", what, false, String.format(Locale.ROOT,
                        "point %d: %d of %d ops failed (%.2f%%)", p.index(), p.failedOps(), p.totalOps(), pc));
            }
        }
        return rule("failed-ops", what, true, "below the limit at every point");
    }

    private static RuleCheck mixShare(List<LoadPointResult> points) {
        String what = "Each op's achieved share of the mix is within " + num(MIX_TOLERANCE_POINTS)
                + " percentage points of its target.";
        for (LoadPointResult p : points) {
            if (p.ops().stream().allMatch(o -> o.targetPercent() == 0)) {
                return rule("mix-share", what, false, "no target mix (a loadfile replay)");
            }
            for (OpResult o : p.ops()) {
                if (Math.abs(o.achievedPercent() - o.targetPercent()) > MIX_TOLERANCE_POINTS + EPS) {
                    return rule("mix-share", what, false, String.format(Locale.ROOT,
                            "point %d: %s at %.2f%%, target %s%%", p.index(), o.name(),
                            o.achievedPercent(), num(o.targetPercent())));
                }
            }
        }
        return rule("mix-share", what, true, "every op within tolerance");
    }

    private static RuleCheck responseLimit(List<LoadPointResult> points, Metrics m) {
        String what = "No point up to the peak throughput has a response time above "
                + num(Metrics.RESPONSE_LIMIT_MS) + " msec/op.";
        if (m.peakIndex() < 0) {
            return rule("response-limit", what, false, "no point within " + num(Metrics.RESPONSE_LIMIT_MS)
                    + " msec/op");
        }
        for (LoadPointResult p : points) {
            if (p.msecPerOp() > Metrics.RESPONSE_LIMIT_MS && p.achievedOpsPerSec() <= m.peakThroughput()) {
                return rule("response-limit", what, false, String.format(Locale.ROOT,
                        "point %d: %.1f msec/op at %s ops/s, below the peak of %s ops/s", p.index(),
                        p.msecPerOp(), num(p.achievedOpsPerSec()), num(m.peakThroughput())));
            }
        }
        return rule("response-limit", what, true, "peak at point " + m.peakIndex());
    }

    private static RuleCheck rule(String id, String description, boolean passed, String detail) {
        return new RuleCheck(id, description, passed, detail);
    }

    private static String pct(double fraction) {
        return num(100 * fraction) + "%";
    }

    /** Shortest plain form of a number: 300, 1.5, 12.34. */
    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }
}
