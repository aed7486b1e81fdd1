package org.sfsbench.report.text;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.report.Decimals;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.results.Headlines;
import org.sfsbench.results.Trials;
import org.sfsbench.results.VerdictText;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.TrialResult;
import org.sfsbench.stats.Spread;

/**
 * The lines every report leads with: the run's own headline (docs/results.md "Headline"), or for
 * an SFS run and a result without one, the one-line metric in the SPECsfs2008 wording.
 */
public final class ReportHeadline {
    private ReportHeadline() {
    }

    /**
     * e.g. "CIFS 3011 ops/sec (Overall Response Time = 4.17 msec)"; a run that ended early says so
     * first, with its cause.
     */
    public static String of(RunResult r) {
        boolean peak = r.peakThroughput() > 0;
        if (!r.complete()) {
            String ort = Decimals.plain(r.overallResponseTimeMs(), Decimals.ORT_SCALE);
            return "RUN FAILED: " + cause(r) + (!peak ? ""
                    : String.format(Locale.ROOT, " (before it failed: %d ops/sec, Overall Response Time = %s msec"
                            + " over %d finished load point(s))", Math.round(r.peakThroughput()),
                            ort == null ? "?" : ort, r.loadPoints().size()));
        }
        String protocol = ResultMapping.protocolOf(r);
        if (!peak) {
            return protocol + ": no load point at or below " + ResultMapping.RESPONSE_TIME_LIMIT_MSEC.toPlainString()
                    + " msec/op, so no peak throughput and no overall response time";
        }
        return Headlines.metricLine(protocol, Math.round(r.peakThroughput()), r.overallResponseTimeMs(),
                peakInterval(r));
    }

    private static String cause(RunResult r) {
        return r.failure() == null || r.failure().isBlank() ? "cause not recorded" : r.failure();
    }

    /**
     * With TRIALS > 1: the peak point's throughput interval, e.g. " (95 % CI 2990..3030 over 3
     * trials)", its bounds those of the published spread; else "".
     */
    static String peakInterval(RunResult r) {
        for (LoadPointResult p : r.loadPoints()) {
            if (Math.round(p.achievedOpsPerSec()) == Math.round(r.peakThroughput()) && !p.trials().isEmpty()) {
                Spread s = Trials.spread(p, TrialResult::achievedOpsPerSec);
                return String.format(Locale.ROOT, " (%s %% CI %s..%s over %d trials)",
                        java.math.BigDecimal.valueOf(s.confidence()).movePointRight(2).stripTrailingZeros()
                                .toPlainString(), whole(s.ciLow()), whole(s.ciHigh()), s.n());
            }
        }
        return "";
    }

    private static String whole(double published) {
        return Decimals.fixedOrZero(published, Decimals.RATE_SCALE).setScale(0, RoundingMode.HALF_UP).toPlainString();
    }

    /** True when the run was judged by its workload's own checks, not by SPECsfs2008's run rules. */
    public static boolean ownChecks(RunResult r) {
        return r.headline() != null && !"sfs2008".equals(r.headline().rules());
    }

    /** The headline's lines: a run that ended early says so first, with its cause. */
    public static List<String> lines(RunResult r) {
        if (!ownChecks(r)) {
            return List.of(of(r));
        }
        List<String> out = new ArrayList<>();
        if (!r.complete()) {
            out.add("RUN FAILED: " + cause(r));
        }
        out.addAll(r.headline().lines());
        return out;
    }

    /** A run with its own checks: the sentence that SPECsfs2008's rules do not apply, the verdict, every check. */
    public static List<String> verdict(RunResult r) {
        return VerdictText.verdict(r);
    }

    /**
     * The load point the detail sections describe: the peak (highest achieved ops/s among points
     * with ops at or below the response-time limit of the published msec/op); the last point when
     * none qualifies; null for a run without points.
     */
    public static LoadPointResult peakPoint(RunResult r) {
        LoadPointResult best = null;
        for (LoadPointResult p : r.loadPoints()) {
            boolean ok = p.totalOps() > 0 && Decimals.fixedOrZero(p.msecPerOp(), 1)
                    .compareTo(ResultMapping.RESPONSE_TIME_LIMIT_MSEC) <= 0;
            if (ok && (best == null || Math.round(p.achievedOpsPerSec()) > Math.round(best.achievedOpsPerSec()))) {
                best = p;
            }
        }
        if (best == null && !r.loadPoints().isEmpty()) {
            best = r.loadPoints().get(r.loadPoints().size() - 1);
        }
        return best;
    }
}
