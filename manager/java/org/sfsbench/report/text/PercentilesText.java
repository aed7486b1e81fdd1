package org.sfsbench.report.text;

import java.math.BigDecimal;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/**
 * Latency percentiles against load (docs/reports.md): per load point its achieved ops/s, the
 * SPECsfs average (msec/op) and p50/p90/p99/p99.9 of the histogram of all its ops.
 */
final class PercentilesText {
    private PercentilesText() {
    }

    /** The table; "" when no point has percentiles (a result read from sfssum). */
    static String of(ResultDocument d, int width) {
        TextTable t = new TextTable("point", "ops/s", "msec/op", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms");
        for (LoadPointXml p : d.loadPoints) {
            if (p.latency == null) {
                continue;
            }
            t.row(p.index, p.achievedOpsPerSec.toPlainString(), p.msecPerOp.toPlainString(), plain(p.latency.p50Msec),
                    plain(p.latency.p90Msec), plain(p.latency.p99Msec), plain(p.latency.p999Msec));
        }
        if (t.isEmpty()) {
            return "";
        }
        return Reflow.para(0, "Response time per load point: msec/op is the SPECsfs average; the percentiles are"
                + " of every op of the point (all clients' histograms merged)", width) + t.render(width) + "\n";
    }

    private static String plain(BigDecimal v) {
        return v == null ? "-" : v.toPlainString();
    }
}
