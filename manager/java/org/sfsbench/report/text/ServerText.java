package org.sfsbench.report.text;

import static org.sfsbench.report.Decimals.CPU_SCALE;
import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.fixed;

import java.math.BigDecimal;
import java.math.RoundingMode;

import org.sfsbench.results.model.ServerResult;

/** Cells of the server's figures (SERVER_MON) in the text tables. */
final class ServerText {
    private ServerText() {
    }

    /** Server CPU busy %, "missing", or null (no figures). */
    static String cpu(ServerResult s) {
        if (s == null) {
            return null;
        }
        if (s.missing() != null) {
            return "missing";
        }
        BigDecimal busy = fixed(s.cpuBusyPercent(), CPU_SCALE);
        return busy == null ? null : busy.setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /** Network MB/s in + out, with a "!" when the sanity check flagged the point. */
    static String net(ServerResult s) {
        BigDecimal rx = s == null ? null : fixed(s.netRxMBps(), MBPS_SCALE);
        BigDecimal tx = s == null ? null : fixed(s.netTxMBps(), MBPS_SCALE);
        if (s == null || s.missing() != null || rx == null || tx == null) {
            return null;
        }
        return rx.add(tx).setScale(2, RoundingMode.HALF_UP).toPlainString() + (s.flagged() ? "!" : "");
    }
}
