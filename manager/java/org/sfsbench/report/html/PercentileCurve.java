package org.sfsbench.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.sfsbench.report.chart.LineChart;
import org.sfsbench.report.chart.Markup;
import org.sfsbench.report.xml.LatencyXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/**
 * Latency percentiles against load (docs/reports.md): p50, p90, p99 and p99.9 of every load point
 * (from the histogram of all its ops, merged over all clients) and the SPECsfs average (msec/op)
 * against achieved ops/s. Where the average hides a growing tail, the p99 line shows it.
 */
final class PercentileCurve {
    /** Marker class of each percentile series, e.g. "pct-curve-p99_9". */
    static final String[] NAMES = {"p50", "p90", "p99", "p99.9"};

    private PercentileCurve() {
    }

    /** The chart; "" when no point has latency percentiles (a result read from sfssum). */
    static String of(ResultDocument d) {
        List<LoadPointXml> pts = d.loadPoints.stream().filter(p -> p.latency != null).toList();
        if (pts.isEmpty()) {
            return "";
        }
        List<Function<LatencyXml, java.math.BigDecimal>> figures = List.of(l -> l.p50Msec, l -> l.p90Msec,
                l -> l.p99Msec, l -> l.p999Msec);
        LineChart c = new LineChart("percentile-curve", "Latency percentiles vs achieved throughput",
                "Achieved throughput (ops/sec)", "Response time (msec)").yScale(LineChart.YScale.LOG_WHEN_WIDE);
        for (int s = 0; s < NAMES.length; s++) {
            List<LineChart.Point> line = new ArrayList<>();
            for (LoadPointXml p : pts) {
                java.math.BigDecimal v = figures.get(s).apply(p.latency);
                line.add(new LineChart.Point(p.achievedOpsPerSec.doubleValue(), v.doubleValue(), "Load point "
                        + p.index + ": " + NAMES[s] + " " + v.toPlainString() + " msec at "
                        + p.achievedOpsPerSec.toPlainString() + " ops/sec"));
            }
            c.add(new LineChart.Series(NAMES[s], Style.PERCENTILES[s], line, pointClass(NAMES[s])));
        }
        List<LineChart.Point> mean = new ArrayList<>();
        for (LoadPointXml p : pts) {
            java.math.BigDecimal ms = HtmlReport.msecPerOp(p);
            mean.add(new LineChart.Point(p.achievedOpsPerSec.doubleValue(), ms.doubleValue(), "Load point "
                    + p.index + ": average " + ms.toPlainString() + " msec/op"));
        }
        c.add(new LineChart.Series("average (msec/op)", Style.TARGET, mean, pointClass("mean")));
        return c.svg() + "<p class=\"percentiles\">" + Markup.escape("Each point's percentiles are read from the"
                + " latency histogram of all its ops, merged over every client; the average is SPECsfs's msec/op."
                + " The table below lists the same figures.") + "</p>\n";
    }

    static String pointClass(String name) {
        return "pct-curve-" + name.replace('.', '_');
    }
}
