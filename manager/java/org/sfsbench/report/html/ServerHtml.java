package org.sfsbench.report.html;

import org.sfsbench.report.chart.Markup;
import org.sfsbench.report.summary.PublishedServerFigures;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ServerXml;
import org.sfsbench.results.ServerLines;

/** The server's own figures (SERVER_MON): a table over the points and a panel per point with the sanity check. */
final class ServerHtml {
    private ServerHtml() {
    }

    /** "" when no point has server figures. */
    static String of(ResultDocument d) {
        if (d.loadPoints.stream().noneMatch(p -> p.server != null)) {
            return "";
        }
        HtmlTable t = new HtmlTable("server", "#", "Achieved ops/sec", "Server CPU busy %", "User %", "System %",
                "Iowait %", "CPU \u00b5s/op", "Net in MB/s", "Net out MB/s", "Disk read MB/s", "Disk write MB/s",
                "Read IOPS", "Write IOPS", "NFS calls", "Sanity check").numeric(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        StringBuilder panels = new StringBuilder("<div class=\"server-panels\">\n");
        for (LoadPointXml p : d.loadPoints) {
            ServerXml s = p.server;
            if (s == null) {
                continue;
            }
            String check = s.missing != null ? "missing" : s.flagged ? "FLAGGED" : "ok";
            t.classedRow(s.missing != null || s.flagged ? "failed" : null, Integer.toString(p.index),
                    p.achievedOpsPerSec.toPlainString(), n(s.cpuBusyPercent), n(s.cpuUserPercent), n(s.cpuSystemPercent),
                    n(s.cpuIowaitPercent), n(s.cpuUsecPerOp), n(s.netRxMBps), n(s.netTxMBps), n(s.diskReadMBps),
                    n(s.diskWriteMBps), n(s.diskReadIops), n(s.diskWriteIops),
                    s.nfsdCalls == null ? "-" : Long.toString(s.nfsdCalls), check);
            panels.append("<div class=\"server-panel").append(s.missing != null || s.flagged ? " flagged" : "")
                    .append("\"><b>Load point ").append(p.index).append("</b>");
            for (String line : ServerLines.of(PublishedServerFigures.of(s))) {
                panels.append("<p>").append(Markup.escape(line)).append("</p>");
            }
            panels.append("</div>\n");
        }
        panels.append("</div>\n");
        return "<h2>Server (SERVER_MON)</h2>\n<p>The server's own CPU, network and disk over each RUN window, read"
                + " from its /proc by the server monitor; the sanity check compares the clients' payload with the"
                + " bytes the server's network carried (docs/live.md).</p>\n" + t.html() + panels;
    }

    private static String n(java.math.BigDecimal v) {
        return v == null ? "-" : v.toPlainString();
    }
}
