package org.sfsbench.report.text;

import java.math.RoundingMode;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/**
 * The steps of a LOAD=max run as a table: procs, ops/s, MB/s, latency, client CPU (host busy %),
 * errors; the knee is named in its kind.
 */
final class StepsText {
    private StepsText() {
    }

    /** "" when the result has no steps. */
    static String of(ResultDocument d, int width) {
        // the server's CPU and network (SERVER_MON) only when a step has them
        boolean server = d.loadPoints.stream().anyMatch(p -> p.step != null && p.server != null);
        TextTable t = server
                ? new TextTable("step", "kind", "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "cpu%", "srv cpu%",
                        "srv net MB/s", "errors")
                : new TextTable("step", "kind", "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "cpu%", "errors");
        for (LoadPointXml p : d.loadPoints) {
            if (p.step == null) {
                continue;
            }
            String kind = p.step.kind + (p.step.curvePct != null ? " " + p.step.curvePct + "%" : "")
                    + (p.step.knee ? ", knee" : "");
            boolean l = p.latency != null;
            java.util.List<Object> cells = new java.util.ArrayList<>(java.util.Arrays.asList(p.index, kind,
                    p.step.procsPerClient, p.achievedOpsPerSec.toPlainString(),
                    p.throughputMBps == null ? null : p.throughputMBps.toPlainString(), p.msecPerOp.toPlainString(),
                    l ? p.latency.p50Msec.toPlainString() : null, l ? p.latency.p99Msec.toPlainString() : null,
                    p.cpu == null ? null : p.cpu.hostBusyPercent.setScale(1, RoundingMode.HALF_UP).toPlainString()));
            if (server) {
                cells.add(ServerText.cpu(p.server));
                cells.add(ServerText.net(p.server));
            }
            cells.add(p.failedOps);
            t.row(cells.toArray());
        }
        if (t.isEmpty()) {
            return "";
        }
        return "Steps (LOAD=max; docs/top-speed.md)\n" + t.render(width)
                + Reflow.para(0, "(cpu% = the clients' host CPU busy, percent of all their CPUs"
                        + (server ? "; srv = the server's CPU busy and network MB/s in + out, SERVER_MON" : "") + ")",
                        width) + "\n";
    }
}
