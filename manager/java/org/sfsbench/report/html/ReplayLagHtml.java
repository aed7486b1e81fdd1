package org.sfsbench.report.html;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ReplayLagXml;
import org.sfsbench.report.xml.ResultDocument;

/** A paced loadfile replay's lag per point (docs/loadfile.md, "Timing"). */
final class ReplayLagHtml {
    private ReplayLagHtml() {
    }

    /** "" when no point has lag figures. */
    static String of(ResultDocument d) {
        if (d.loadPoints.stream().noneMatch(p -> p.replayLag != null)) {
            return "";
        }
        HtmlTable t = new HtmlTable("replay-lag", "#", "Simulated clients", "Ops", "Lag p50 ms", "p90 ms", "p99 ms",
                "max ms").numeric(0, 1, 2, 3, 4, 5, 6);
        for (LoadPointXml p : d.loadPoints) {
            ReplayLagXml g = p.replayLag;
            if (g != null) {
                t.row(Integer.toString(p.index), p.simulatedClients == null ? "-" : p.simulatedClients.toString(),
                        Long.toString(g.ops), g.p50Msec.toPlainString(), g.p90Msec.toPlainString(),
                        g.p99Msec.toPlainString(), g.maxMsec.toPlainString());
            }
        }
        return "<h2>Replay timing</h2>\n<p>How closely the replay kept its schedule: each op's send time minus the"
                + " time the schedule gave it (the loadfile's timestamp divided by LOADFILE_SPEED, or when its bytes"
                + " fit TARGET_RATE_MBPS).</p>\n" + t.html();
    }
}
