package org.sfsbench.report.text;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/** The steps of a LOAD=max run as a table: procs, ops/s, MB/s, latency, errors; the knee is named in its kind. */
final class StepsText {
    private StepsText() {
    }

    /** "" when the result has no steps. */
    static String of(ResultDocument d, int width) {
        TextTable t = new TextTable("step", "kind", "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "errors");
        for (LoadPointXml p : d.loadPoints) {
            if (p.step == null) {
                continue;
            }
            String kind = p.step.kind + (p.step.curvePct != null ? " " + p.step.curvePct + "%" : "")
                    + (p.step.knee ? ", knee" : "");
            boolean l = p.latency != null;
            t.row(p.index, kind, p.step.procsPerClient, p.achievedOpsPerSec.toPlainString(),
                    p.throughputMBps == null ? null : p.throughputMBps.toPlainString(), p.msecPerOp.toPlainString(),
                    l ? p.latency.p50Msec.toPlainString() : null, l ? p.latency.p99Msec.toPlainString() : null,
                    p.failedOps);
        }
        if (t.isEmpty()) {
            return "";
        }
        return "Steps (LOAD=max; docs/top-speed.md)\n" + t.render(width) + "\n";
    }
}
