package org.sfsbench.report.html;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.report.chart.LineChart;
import org.sfsbench.report.xml.IntervalXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OutageXml;
import org.sfsbench.report.xml.ResultDocument;

/**
 * The outages of a run (OUTAGE=ride, docs/running.md "Outages"): per outage, ops/s and p99 of every
 * sampling interval around it, the outage's span shaded and labelled with its length and recovery.
 */
final class OutageHtml {
    /** Seconds shown before an outage's begin and after its end. */
    static final double MARGIN_SECONDS = 10;
    /** Markers of the ops/s and p99 series carry these classes (tests find them by them). */
    static final String OPS_CLASS = "outage-ops";
    static final String P99_CLASS = "outage-p99";
    private static final String BAND = "#d62728";

    private OutageHtml() {
    }

    /** "" when no point had an outage. */
    static String of(ResultDocument d) {
        StringBuilder b = new StringBuilder();
        for (LoadPointXml p : d.loadPoints) {
            for (int k = 0; k < p.outages.size(); k++) {
                b.append(charts(p, k + 1, p.outages.get(k)));
            }
        }
        return b.isEmpty() ? "" : "<h2>Outages</h2>\n<div class=\"charts\">\n" + b + "</div>\n";
    }

    /** The two charts of outage {@code n} of point {@code p}, over the window around it. */
    static String charts(LoadPointXml p, int n, OutageXml o) {
        double begin = o.beginSeconds.doubleValue();
        double end = o.endSeconds != null ? o.endSeconds.doubleValue() : p.seconds;
        double from = Math.max(0, Math.floor(begin - MARGIN_SECONDS));
        double to = Math.min(p.seconds, Math.ceil(end + MARGIN_SECONDS));
        List<LineChart.Point> ops = new ArrayList<>();
        List<LineChart.Point> p99 = new ArrayList<>();
        for (IntervalXml i : p.intervals) {
            double s = i.seconds.doubleValue();
            if (s < from || s > to) {
                continue;
            }
            String tip = i.seconds.toPlainString() + " s: " + i.opsPerSec.toPlainString() + " ops/sec"
                    + (i.p99Msec != null ? ", p99 " + i.p99Msec.toPlainString() + " msec" : "");
            ops.add(new LineChart.Point(s, i.opsPerSec.doubleValue(), tip));
            // no op completed in it: a gap in the p99 line, which must not join the seconds around it
            p99.add(new LineChart.Point(s, i.p99Msec != null ? i.p99Msec.doubleValue() : Double.NaN, tip));
        }
        LineChart.Band band = new LineChart.Band(begin, end, label(o), BAND);
        String name = "Load point " + p.index + ", outage " + n;
        String throughput = new LineChart("outage-throughput", name + ": throughput", "Seconds into the run phase",
                "ops/sec")
                .size(760, 300).xFrom(from).xAtLeast(to).band(band)
                .add(new LineChart.Series("achieved ops/sec", Style.ACHIEVED, ops, OPS_CLASS))
                .svg();
        // log: the outage's p99 (seconds) must not flatten the p99 before and after it (milliseconds)
        String latency = new LineChart("outage-latency", name + ": p99 response time", "Seconds into the run phase",
                "p99 msec/op")
                .size(760, 300).xFrom(from).xAtLeast(to).band(band).yScale(LineChart.YScale.LOG_WHEN_WIDE)
                .add(new LineChart.Series("p99 msec/op", Style.RESPONSE, p99, P99_CLASS))
                .svg();
        return throughput + latency;
    }

    /** "outage 2.1 s, recovered in 3.4 s" (or "lasting to the end of RUN", "not recovered in RUN"). */
    static String label(OutageXml o) {
        String length = o.endSeconds == null ? "outage lasting to the end of RUN"
                : "outage " + seconds(o.endSeconds.subtract(o.beginSeconds));
        String recovery = o.recoverySeconds == null ? "not recovered in RUN"
                : "recovered in " + seconds(o.recoverySeconds);
        return length + ", " + recovery;
    }

    private static String seconds(BigDecimal s) {
        return String.format(Locale.ROOT, "%.1f s", s.doubleValue());
    }
}
