package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.TrialResult;

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
    /** Required RUNTIME and WARMUP_TIME, seconds. */
    public static final int REQUIRED_SECONDS = 300;
    /** Failed ops must stay below this percentage of all ops of every point. */
    public static final double MAX_FAILED_PERCENT = 1.0;
    /** Each op's achieved share may be this many percentage points off its target. */
    public static final double MIX_TOLERANCE_POINTS = 1.5;
    /** Smallest BIOD_MAX_READS / BIOD_MAX_WRITES. */
    public static final int MIN_BIOD = 2;

    /** The rules only a finished run can decide; every other rule is decided by the plan already. */
    public static final List<String> MEASURED_RULES = List.of("complete", "achieved-load", "failed-ops", "mix-share",
            "response-limit", "backend-ops", "phase-alignment");

    private static final String SPACING_RULE = "Requested loads increase in equal steps (each step within "
            + pct(SPACING_TOLERANCE) + " of the uniform step).";

    /** Slack for floating-point comparisons at a tolerance's exact edge. */
    private static final double EPS = 1e-9;

    private RunRules() {
    }

    /**
     * The rules decidable from the settings and the planned loads alone, in a fixed order: what
     * {@code sfs plan} shows, and exactly what {@link #check} evaluates again after the run.
     */
    public static List<RuleCheck> checkPlan(RunSettings s) {
        List<Long> loads = s.plannedLoads();
        List<RuleCheck> out = new ArrayList<>();
        out.add(loadPoints(loads.size(), -1));
        out.add(s.loadsAreClientCounts() ? rule("load-spacing", SPACING_RULE, true,
                "the load points are client counts (a loadfile replay)") : spacing(loads));
        out.add(rule("runtime", "RUNTIME is " + REQUIRED_SECONDS + " seconds.",
                s.runtimeSeconds() == REQUIRED_SECONDS, "RUNTIME=" + s.runtimeSeconds()
                        + offBy(s.runtimeSeconds(), REQUIRED_SECONDS, " s")));
        out.add(rule("warmup", "WARMUP_TIME is " + REQUIRED_SECONDS + " seconds.",
                s.warmupSeconds() == REQUIRED_SECONDS, "WARMUP_TIME=" + s.warmupSeconds()
                        + offBy(s.warmupSeconds(), REQUIRED_SECONDS, " s")));
        out.add(rule("debug", "DEBUG is not set.", !s.debug(),
                s.debug() ? "DEBUG is set; debugging changes the timing" : "DEBUG not set"));
        out.add(rule("fileset-scale", "FILESET_SCALE is 1 (the full file set).", s.filesetScale() == 1.0,
                "FILESET_SCALE=" + num(s.filesetScale()) + (s.filesetScale() == 1.0 ? ""
                        : ", the file set is " + num(100 * s.filesetScale()) + "% of the full size")));
        out.add(rule("biod", "BIOD_MAX_READS and BIOD_MAX_WRITES are at least " + MIN_BIOD + ".",
                s.biodMaxReads() >= MIN_BIOD && s.biodMaxWrites() >= MIN_BIOD,
                "BIOD_MAX_READS=" + s.biodMaxReads() + " BIOD_MAX_WRITES=" + s.biodMaxWrites()
                        + (s.biodMaxReads() >= MIN_BIOD && s.biodMaxWrites() >= MIN_BIOD ? ""
                                : ", below the minimum of " + MIN_BIOD)));
        out.add(rule("mix", "The standard op mix of the protocol is used (no MIXFILE).", !s.customMix(),
                s.customMix() ? "MIXFILE replaces the standard mix" : "standard mix"));
        out.add(rule("extensions", "No sfsbench extension or forbidden non-default value is used.",
                s.extensions().isEmpty(), s.extensions().isEmpty() ? "none" : "used: " + String.join(", ", s.extensions())));
        return out;
    }

    /**
     * The load-point count rule over the planned points; a run that finished fewer ({@code finished}
     * >= 0) says how many, so a run that finished none does not read as one of a few points.
     */
    private static RuleCheck loadPoints(int planned, int finished) {
        String done = finished < 0 || finished >= planned ? "" : " (" + finished + " finished)";
        return rule("load-points", "A run has at least " + MIN_LOAD_POINTS + " load points.",
                planned >= MIN_LOAD_POINTS, planned >= MIN_LOAD_POINTS ? planned + " load points planned" + done
                        : "only " + planned + " load point" + (planned == 1 ? "" : "s") + " planned" + done + ", "
                                + (MIN_LOAD_POINTS - planned) + " short of " + MIN_LOAD_POINTS);
    }

    /** Checks every rule, in a fixed order: {@link #checkPlan} and the rules of the measured points. */
    public static List<RuleCheck> check(RunResult run, RunSettings s) {
        List<LoadPointResult> points = run.loadPoints();
        Metrics m = Metrics.compute(points);
        List<RuleCheck> out = new ArrayList<>();
        out.add(rule("complete", "The run finished every load point.", run.complete(),
                run.complete() ? "all " + points.size() + " points finished"
                        : "ended early after " + points.size() + " of " + s.plannedLoads().size() + " points: "
                                + run.failure()));
        for (RuleCheck c : checkPlan(s)) {   // the points a run finished are part of the count's story
            out.add(c.id().equals("load-points") ? loadPoints(s.plannedLoads().size(), points.size()) : c);
        }
        out.add(achieved(points));
        out.add(failedOps(points));
        out.add(mixShare(points));
        out.add(responseLimit(points, m));
        out.add(rule("backend-ops", "The backend issued every op of the mix.", run.unsupportedOps().isEmpty(),
                run.unsupportedOps().isEmpty() ? "all ops issued"
                        : "not issued: " + String.join(", ", run.unsupportedOps())));
        out.add(PhaseAlignment.check(points));
        return out;
    }

    /** Checks the rules and stores checks, verdict and reasons in {@code run}. */
    public static void apply(RunResult.Builder run, RunSettings s) {
        List<RuleCheck> checks = check(run.build(), s);
        run.ruleChecks = checks;
        List<String> reasons = reasons(checks);
        run.nonDisclosableReasons = reasons;
        run.disclosable = reasons.isEmpty();
    }

    /** One line per failed check, saying what failed and by how much: "runtime failed: RUNTIME=60, 240 s short of 300 s". */
    public static List<String> reasons(List<RuleCheck> checks) {
        List<String> reasons = new ArrayList<>();
        for (RuleCheck c : checks) {
            if (!c.passed()) {
                reasons.add(c.id() + " failed: " + c.detail());
            }
        }
        return reasons;
    }

    private static String offBy(long value, long required, String unit) {
        if (value == required) {
            return "";
        }
        return ", " + Math.abs(required - value) + unit + (value < required ? " short of " : " over ") + required + unit;
    }

    private static RuleCheck spacing(List<Long> loads) {
        String what = SPACING_RULE;
        if (loads.size() < 2) {
            return rule("load-spacing", what, true, "fewer than 2 points");
        }
        double step = (double) (loads.get(loads.size() - 1) - loads.get(0)) / (loads.size() - 1);
        for (int i = 1; i < loads.size(); i++) {
            if (loads.get(i) <= loads.get(i - 1)) {
                return rule("load-spacing", what, false, String.format(Locale.ROOT,
                        "point %d requests %d ops/s after %d: the loads do not increase", i + 1, loads.get(i),
                        loads.get(i - 1)));
            }
        }
        for (int i = 1; i < loads.size(); i++) {
            double d = loads.get(i) - loads.get(i - 1);
            if (Math.abs(d - step) > SPACING_TOLERANCE * step + EPS) {
                return rule("load-spacing", what, false, String.format(Locale.ROOT,
                        "the step to point %d is %s ops/s, %s%% off the uniform step of %s ops/s (%s%% allowed)",
                        i + 1, num(d), num(100 * Math.abs(d - step) / step), num(step), num(100 * SPACING_TOLERANCE)));
            }
        }
        return rule("load-spacing", what, true, "uniform step " + num(step) + " ops/s");
    }

    private static RuleCheck achieved(List<LoadPointResult> points) {
        String what = "Every point achieves within " + pct(ACHIEVED_TOLERANCE) + " of its requested load.";
        for (LoadPointResult p : points) {
            for (TrialResult t : trialsOf(p)) {
                double ratio = p.requestedOpsPerSec() == 0 ? 0 : t.achievedOpsPerSec() / p.requestedOpsPerSec();
                if (Math.abs(ratio - 1) > ACHIEVED_TOLERANCE + EPS) {
                    return rule("achieved-load", what, false, String.format(Locale.ROOT,
                            "point %d%s achieved %s of %d requested ops/s (%.1f%%), %.1f%% off, %s allowed", p.index(),
                            trialName(p, t), num(t.achievedOpsPerSec()), p.requestedOpsPerSec(), 100 * ratio,
                            100 * Math.abs(ratio - 1), pct(ACHIEVED_TOLERANCE)));
                }
            }
        }
        return rule("achieved-load", what, true, "all points within tolerance");
    }

    private static RuleCheck failedOps(List<LoadPointResult> points) {
        String what = "Failed ops stay below " + num(MAX_FAILED_PERCENT) + "% of the ops of every point.";
        for (LoadPointResult p : points) {
            for (TrialResult t : trialsOf(p)) {
                double pc = t.totalOps() == 0 ? 0 : 100.0 * t.failedOps() / t.totalOps();
                if (pc >= MAX_FAILED_PERCENT) {
                    return rule("failed-ops", what, false, String.format(Locale.ROOT,
                            "point %d%s: %d of %d ops failed (%.2f%%, the limit is below %s%%)", p.index(),
                            trialName(p, t), t.failedOps(), t.totalOps(), pc, num(MAX_FAILED_PERCENT)));
                }
            }
        }
        return rule("failed-ops", what, true, "below the limit at every point");
    }

    /**
     * The measurements of a point the per-point rules judge: every trial with TRIALS > 1 (a trial is
     * a measurement, and a mean must not hide a failed one), else the point itself.
     */
    private static List<TrialResult> trialsOf(LoadPointResult p) {
        return p.trials().isEmpty() ? List.of(TrialResult.of(1, p)) : p.trials();
    }

    private static String trialName(LoadPointResult p, TrialResult t) {
        return p.trials().isEmpty() ? "" : " trial " + t.trial();
    }

    private static RuleCheck mixShare(List<LoadPointResult> points) {
        String what = "Each op's achieved share of the mix is within " + num(MIX_TOLERANCE_POINTS)
                + " percentage points of its target.";
        for (LoadPointResult p : points) {
            if (!p.ops().isEmpty() && p.ops().stream().allMatch(o -> o.targetPercent() == 0)) {
                return rule("mix-share", what, false, "no target mix (a loadfile replay)");
            }
            for (OpResult o : p.ops()) {
                if (Math.abs(o.achievedPercent() - o.targetPercent()) > MIX_TOLERANCE_POINTS + EPS) {
                    return rule("mix-share", what, false, String.format(Locale.ROOT,
                            "point %d: %s at %.2f%% of ops, target %s%%: %.2f points off, %s allowed", p.index(),
                            o.name(), o.achievedPercent(), num(o.targetPercent()),
                            Math.abs(o.achievedPercent() - o.targetPercent()), num(MIX_TOLERANCE_POINTS)));
                }
            }
        }
        return rule("mix-share", what, true, "every op within tolerance");
    }

    private static RuleCheck responseLimit(List<LoadPointResult> points, Metrics m) {
        String what = "No point up to the peak throughput has a response time above "
                + num(Metrics.RESPONSE_LIMIT_MS) + " msec/op.";
        if (points.isEmpty()) {
            // nothing measured: saying "too slow" would blame the server for what stopped the run
            return rule("response-limit", what, false, "no load point finished, nothing measured");
        }
        if (m.peakIndex() < 0) {
            return rule("response-limit", what, false, "every finished point is above "
                    + num(Metrics.RESPONSE_LIMIT_MS) + " msec/op");
        }
        for (LoadPointResult p : points) {
            if (p.msecPerOp() > Metrics.RESPONSE_LIMIT_MS && p.achievedOpsPerSec() <= m.peakThroughput()) {
                return rule("response-limit", what, false, String.format(Locale.ROOT,
                        "point %d: %.1f msec/op (limit %s) at %s ops/s, below the peak of %s ops/s", p.index(),
                        p.msecPerOp(), num(Metrics.RESPONSE_LIMIT_MS), num(p.achievedOpsPerSec()),
                        num(m.peakThroughput())));
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

    /** Shortest plain form of a number: 300, 1.5, 12.34, 0.001 (never "0." for a small value). */
    public static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        if (Math.abs(v) >= 0.01) {
            return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
