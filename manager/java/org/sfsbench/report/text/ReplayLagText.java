package org.sfsbench.report.text;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ReplayLagXml;
import org.sfsbench.report.xml.ResultDocument;

/** A paced loadfile replay's lag per point (docs/loadfile.md, "Timing"). */
final class ReplayLagText {
    private ReplayLagText() {
    }

    /** "" when no point has lag figures. */
    static String of(ResultDocument d, int width) {
        TextTable t = new TextTable("point", "clients", "ops", "lag p50 ms", "p90 ms", "p99 ms", "max ms");
        for (LoadPointXml p : d.loadPoints) {
            ReplayLagXml g = p.replayLag;
            if (g != null) {
                t.row(p.index, p.simulatedClients, g.ops, g.p50Msec.toPlainString(), g.p90Msec.toPlainString(),
                        g.p99Msec.toPlainString(), g.maxMsec.toPlainString());
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
