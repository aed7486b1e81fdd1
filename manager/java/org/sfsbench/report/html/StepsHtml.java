package org.sfsbench.report.html;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.chart.LineChart;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/** The procs ramp of a LOAD=max run: throughput and latency against procs, the knee marked. */
final class StepsHtml {
    private StepsHtml() {
    }

    /** "" when the result has no STEP_PROCS steps. */
    static String of(ResultDocument d) {
        List<LineChart.Point> ops = new ArrayList<>();
        List<LineChart.Point> mean = new ArrayList<>();
        List<LineChart.Point> p99 = new ArrayList<>();
        List<LineChart.Point> knee = new ArrayList<>();
        for (LoadPointXml p : d.loadPoints) {
            if (p.step == null || !p.step.kind.equals("procs")) {
                continue;
            }
            double procs = p.step.procsPerClient;
            String tip = "Step " + p.index + ": " + p.step.procsPerClient + " procs per client, "
                    + p.achievedOpsPerSec.toPlainString() + " ops/sec";
            ops.add(new LineChart.Point(procs, p.achievedOpsPerSec.doubleValue(), tip));
            java.math.BigDecimal ms = HtmlReport.msecPerOp(p);
            mean.add(new LineChart.Point(procs, ms.doubleValue(), tip + ", " + ms.toPlainString() + " msec/op"));
            if (p.latency != null) {
                p99.add(new LineChart.Point(procs, p.latency.p99Msec.doubleValue(), tip + ", p99 "
                        + p.latency.p99Msec.toPlainString() + " msec"));
            }
            if (p.step.knee) {
                knee.add(new LineChart.Point(procs, p.achievedOpsPerSec.doubleValue(), "Knee: " + tip));
            }
        }
        if (ops.isEmpty()) {
            return "";
        }
        LineChart throughput = new LineChart("steps-throughput", "Throughput vs procs per client", "Procs per client",
                "Achieved throughput (ops/sec)")
                .add(new LineChart.Series("ops/sec", Style.ACHIEVED, ops, HtmlReport.POINT_CLASS));
        if (!knee.isEmpty()) {
            throughput.add(new LineChart.Series("knee", Style.LIMIT, knee, HtmlReport.POINT_CLASS));
        }
        LineChart latency = new LineChart("steps-latency", "Response time vs procs per client", "Procs per client",
                "Response time (msec)")
                .add(new LineChart.Series("mean msec/op", Style.RESPONSE, mean, HtmlReport.POINT_CLASS));
        if (!p99.isEmpty()) {
            latency.add(new LineChart.Series("p99 msec", Style.LIMIT, p99, HtmlReport.POINT_CLASS));
        }
        return "<h2>Steps (LOAD=max)</h2>\n<div class=\"charts\">\n" + throughput.svg() + latency.svg() + "</div>\n";
    }
}
