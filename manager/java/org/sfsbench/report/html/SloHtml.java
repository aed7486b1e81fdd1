package org.sfsbench.report.html;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.sfsbench.report.chart.LineChart;
import org.sfsbench.report.chart.Markup;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.SloProbeXml;
import org.sfsbench.report.xml.SloXml;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.slo.SloParser;
import org.sfsbench.slo.SloSyntaxException;
import org.sfsbench.slo.SloTerm;

/**
 * The SLO search of a run (docs/slo.md): p50/p90/p99/p99.9 of every probe against the ops/s it
 * achieved, the bound drawn as a line, the capacity as a vertical line, and the probes' table.
 */
final class SloHtml {
    /** Every probe's marker carries this class (tests find them by it). */
    static final String PROBE_CLASS = "slo-probe";

    private SloHtml() {
    }

    /** "" when the run had no SLO. */
    static String of(ResultDocument d) {
        SloXml s = d.slo;
        if (s == null) {
            return "";
        }
        List<SloProbeXml> probes = new ArrayList<>(s.probes);
        probes.sort(Comparator.comparingDouble(p -> p.achievedOpsPerSec.doubleValue()));
        // log: the top speed's tail (hundreds of ms) must not flatten the bound and the paced probes
        LineChart chart = new LineChart("slo-chart", "Latency vs load: " + s.slo, "Achieved throughput (ops/sec)",
                "Latency from intended start (msec)").yScale(LineChart.YScale.LOG);
        String[] names = {"p50", "p90", "p99", "p99.9"};
        List<Function<SloProbeXml, BigDecimal>> stats = List.of(p -> p.p50Msec, p -> p.p90Msec, p -> p.p99Msec,
                p -> p.p999Msec);
        for (int k = 0; k < names.length; k++) {
            List<LineChart.Point> pts = new ArrayList<>();
            for (SloProbeXml p : probes) {
                BigDecimal v = stats.get(k).apply(p);
                if (v != null) {
                    pts.add(new LineChart.Point(p.achievedOpsPerSec.doubleValue(), v.doubleValue(), String.format(
                            Locale.ROOT, "Probe %d (%s, %s): paced %s, achieved %s ops/sec, %s %s msec", p.number,
                            p.kind, p.verdict, p.requestedOpsPerSec.toPlainString(),
                            p.achievedOpsPerSec.toPlainString(), names[k], v.toPlainString())));
                }
            }
            chart.add(new LineChart.Series(names[k], Style.PERCENTILES[k], pts, PROBE_CLASS));
        }
        double top = 0;
        try {
            for (SloTerm t : SloParser.parse(s.slo)) {
                chart.threshold(new LineChart.Threshold(t.boundUs() / 1000, "bound: " + t, Style.LIMIT));
                top = Math.max(top, t.boundUs() / 1000);
            }
        } catch (SloSyntaxException e) {
            throw new IllegalArgumentException("the result's SLO '" + s.slo + "' does not parse: " + e.getMessage(), e);
        }
        if (s.outcome.equals("met")) {
            double x = s.capacityOpsPerSec.doubleValue();
            String tip = "capacity: " + s.capacityOpsPerSec.toPlainString() + " ops/sec paced";
            chart.add(new LineChart.Series("capacity", Style.LIMIT,
                    List.of(new LineChart.Point(x, 0, tip), new LineChart.Point(x, top, tip)), "slo-capacity"));
        }
        HtmlTable table = new HtmlTable("slo-probes", "probe", "kind", "paced ops/s", "achieved ops/s", "seconds",
                "samples", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "verdict").numeric(0, 2, 3, 4, 5, 6, 7, 8, 9);
        for (SloProbeXml p : s.probes) {
            table.row(String.valueOf(p.number), p.kind, p.requestedOpsPerSec.toPlainString(),
                    p.achievedOpsPerSec.toPlainString(), p.seconds.toPlainString() + (p.windows > 1
                            ? " (" + SloProbeResult.extraWindowsText(p.windows, p.extraWindows) + ")" : ""), String.valueOf(p.samples), plain(p.p50Msec), plain(p.p90Msec), plain(p.p99Msec),
                    plain(p.p999Msec), p.verdict + (p.reason == null ? "" : ": " + p.reason));
        }
        return "<h2 id=\"slo\">Capacity at " + Markup.escape(s.slo) + "</h2>\n<p class=\"slo-answer\"><strong>"
                + Markup.escape(s.answer) + "</strong></p>\n<div class=\"charts\">\n" + chart.svg() + "</div>\n"
                + "<p>Each probe ran paced (open loop) at its rate on every proc; its percentiles come from the"
                + " merged histogram of all clients, measured from each operation's intended start. The latency"
                + " axis is logarithmic (each grid line a decade, or 1-2-5 steps), so probes far below the bound"
                + " and the top speed's tail far above it are both readable. The red horizontal line is the"
                + " bound, the red vertical line the capacity (docs/slo.md).</p>\n"
                + table.html();
    }

    private static String plain(BigDecimal v) {
        return v == null ? "-" : v.toPlainString();
    }
}
