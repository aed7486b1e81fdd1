package org.sfsbench.report.text;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.plainOrZero;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * Latency percentiles against load (docs/reports.md): per load point its achieved ops/s, the
 * SPECsfs average (msec/op) and p50/p90/p99/p99.9 of the histogram of all its ops.
 */
final class PercentilesText {
    private PercentilesText() {
    }

    /** The table; "" when no point has percentiles (a result read from sfssum). */
    static String of(RunResult r, int width) {
        TextTable t = new TextTable("point", "ops/s", "msec/op", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms");
        for (LoadPointResult p : r.loadPoints()) {
            if (p.ops().isEmpty()) {   // percentiles come with per-op detail
                continue;
            }
            t.row(p.index(), Math.round(p.achievedOpsPerSec()), plainOrZero(p.msecPerOp(), 1),
                    plainOrZero(p.p50Ms(), MSEC_SCALE), plainOrZero(p.p90Ms(), MSEC_SCALE),
                    plainOrZero(p.p99Ms(), MSEC_SCALE), plainOrZero(p.p999Ms(), MSEC_SCALE));
        }
        if (t.isEmpty()) {
            return "";
        }
        return Reflow.para(0, "Response time per load point: msec/op is the SPECsfs average; the percentiles are"
                + " of every op of the point (all clients' histograms merged)", width) + t.render(width) + "\n";
    }
}
