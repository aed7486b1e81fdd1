package org.sfsbench.report.text;

import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.plain;
import static org.sfsbench.report.Decimals.plainOrZero;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.StepResult;

/**
 * The steps of a LOAD=max run as a table: procs, ops/s, MB/s, latency, client CPU (host busy %),
 * errors; the knee is named in its kind.
 */
final class StepsText {
    private StepsText() {
    }

    /** "" when the result has no steps. */
    static String of(RunResult r, int width) {
        // the server's CPU and network (SERVER_MON) only when a step has them
        boolean server = r.loadPoints().stream().anyMatch(p -> p.step() != null && p.server() != null);
        TextTable t = server
                ? new TextTable("step", "kind", "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "cpu%", "srv cpu%",
                        "srv net MB/s", "errors")
                : new TextTable("step", "kind", "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "cpu%", "errors");
        for (LoadPointResult p : r.loadPoints()) {
            StepResult s = p.step();
            if (s == null) {
                continue;
            }
            String kind = s.getKind() + (s.getCurvePct() > 0 ? " " + s.getCurvePct() + "%" : "")
                    + (s.isKnee() ? ", knee" : "");
            boolean l = !p.ops().isEmpty();   // percentiles come with per-op detail
            List<Object> cells = new ArrayList<>(Arrays.asList(p.index(), kind, s.getProcsPerClient(),
                    Math.round(p.achievedOpsPerSec()), plain(p.throughputMBps(), MBPS_SCALE),
                    plainOrZero(p.msecPerOp(), 1), l ? plainOrZero(p.p50Ms(), MSEC_SCALE) : null,
                    l ? plainOrZero(p.p99Ms(), MSEC_SCALE) : null,
                    p.cpu() == null ? null : TextReport.one(p.cpu().hostBusyPercent())));
            if (server) {
                cells.add(ServerText.cpu(p.server()));
                cells.add(ServerText.net(p.server()));
            }
            cells.add(p.failedOps());
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
