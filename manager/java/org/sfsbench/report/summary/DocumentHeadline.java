package org.sfsbench.report.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.SpreadXml;
import org.sfsbench.results.Headlines;
import org.sfsbench.results.VerdictText;
import org.sfsbench.results.model.RuleCheck;

/**
 * The lines every report leads with: the run's own headline (docs/results.md "DocumentHeadline"), or for
 * an SFS run and a document without one, the one-line metric in the SPECsfs2008 wording.
 */
public final class DocumentHeadline {
    private DocumentHeadline() {
    }

    /**
     * e.g. "CIFS 3011 ops/sec (Overall Response Time = 4.17 msec)"; a run that ended early says so
     * first, with its cause.
     */
    public static String of(ResultDocument d) {
        if (!d.run.complete) {
            String cause = d.run.failure == null || d.run.failure.isBlank() ? "cause not recorded" : d.run.failure;
            return "RUN FAILED: " + cause + (d.metrics.peakThroughputOpsPerSec == null ? ""
                    : String.format(Locale.ROOT, " (before it failed: %s ops/sec, Overall Response Time = %s msec"
                            + " over %d finished load point(s))", d.metrics.peakThroughputOpsPerSec.toPlainString(),
                            d.metrics.overallResponseTimeMsec == null ? "?"
                                    : d.metrics.overallResponseTimeMsec.toPlainString(), d.loadPoints.size()));
        }
        if (d.metrics.peakThroughputOpsPerSec == null) {
            return d.run.protocol + ": no load point at or below " + d.metrics.responseTimeLimitMsec.toPlainString()
                    + " msec/op, so no peak throughput and no overall response time";
        }
        return Headlines.metricLine(d.run.protocol, d.metrics.peakThroughputOpsPerSec.doubleValue(),
                d.metrics.overallResponseTimeMsec == null ? Double.NaN : d.metrics.overallResponseTimeMsec.doubleValue(),
                peakInterval(d));
    }

    /** With TRIALS > 1: the peak point's throughput interval, e.g. " (95 % CI 2990..3030)"; else "". */
    static String peakInterval(ResultDocument d) {
        for (LoadPointXml p : d.loadPoints) {
            if (p.achievedOpsPerSec.setScale(0, java.math.RoundingMode.HALF_UP)
                    .compareTo(d.metrics.peakThroughputOpsPerSec) == 0) {
                for (SpreadXml s : p.spread) {
                    if ("opsPerSec".equals(s.metric)) {
                        return String.format(Locale.ROOT, " (%s %% CI %s..%s over %d trials)",
                                s.confidence.movePointRight(2).stripTrailingZeros().toPlainString(),
                                s.ciLow.setScale(0, java.math.RoundingMode.HALF_UP).toPlainString(),
                                s.ciHigh.setScale(0, java.math.RoundingMode.HALF_UP).toPlainString(), s.trials);
                    }
                }
            }
        }
        return "";
    }

    /** True when the run was judged by its workload's own checks, not by SPECsfs2008's run rules. */
    public static boolean ownChecks(ResultDocument d) {
        return d.headline != null && !"sfs2008".equals(d.headline.rules);
    }

    /** The headline's lines: a run that ended early says so first, with its cause. */
    public static List<String> lines(ResultDocument d) {
        if (!ownChecks(d)) {
            return List.of(of(d));
        }
        List<String> out = new ArrayList<>();
        if (!d.run.complete) {
            out.add("RUN FAILED: " + (d.run.failure == null || d.run.failure.isBlank() ? "cause not recorded"
                    : d.run.failure));
        }
        out.addAll(d.headline.lines);
        return out;
    }

    /** A run with its own checks: the sentence that SPECsfs2008's rules do not apply, the verdict, every check. */
    public static List<String> verdict(ResultDocument d) {
        return VerdictText.verdict(d.headline.rules, d.headline.valid, d.disclosability.reasons,
                d.disclosability.rules.stream().map(c -> new RuleCheck(c.id, c.description, c.passed, c.detail))
                        .toList());
    }
}
