package org.sfsbench.report.text;

import java.math.RoundingMode;

import org.sfsbench.report.xml.ServerXml;

/** Cells of the server's figures (SERVER_MON) in the text tables. */
final class ServerText {
    private ServerText() {
    }

    /** Server CPU busy %, "missing", or null (no figures). */
    static String cpu(ServerXml s) {
        if (s == null) {
            return null;
        }
        if (s.missing != null) {
            return "missing";
        }
        return s.cpuBusyPercent == null ? null : s.cpuBusyPercent.setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /** Network MB/s in + out, with a "!" when the sanity check flagged the point. */
    static String net(ServerXml s) {
        if (s == null || s.missing != null || s.netRxMBps == null || s.netTxMBps == null) {
            return null;
        }
        return s.netRxMBps.add(s.netTxMBps).setScale(2, RoundingMode.HALF_UP).toPlainString() + (s.flagged ? "!" : "");
    }
}
