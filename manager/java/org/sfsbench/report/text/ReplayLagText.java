package org.sfsbench.report.text;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.plain;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.ReplayLagResult;
import org.sfsbench.results.model.RunResult;

/** A paced loadfile replay's lag per point (docs/loadfile.md, "Timing"). */
final class ReplayLagText {
    private ReplayLagText() {
    }

    /** "" when no point has lag figures. */
    static String of(RunResult r, int width) {
        TextTable t = new TextTable("point", "clients", "ops", "lag p50 ms", "p90 ms", "p99 ms", "max ms");
        for (LoadPointResult p : r.loadPoints()) {
            ReplayLagResult g = p.replayLag();
            if (g != null) {
                t.row(p.index(), p.simulatedClients() > 0 ? p.simulatedClients() : null, g.ops(),
                        plain(g.p50Ms(), MSEC_SCALE), plain(g.p90Ms(), MSEC_SCALE), plain(g.p99Ms(), MSEC_SCALE),
                        plain(g.maxMs(), MSEC_SCALE));
            }
        }
        if (t.isEmpty()) {
            return "";
        }
        return Reflow.para(0, "Replay timing: each op's send time minus the time its schedule gave it (the loadfile's"
                + " timestamp divided by LOADFILE_SPEED, or when its bytes fit TARGET_RATE_MBPS)", width)
                + t.render(width) + "\n";
    }
}
