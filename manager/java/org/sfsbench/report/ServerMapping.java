package org.sfsbench.report;

import org.sfsbench.report.summary.PublishedServerFigures;
import org.sfsbench.report.xml.ServerXml;

import static org.sfsbench.report.Decimals.CPU_SCALE;
import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.RATE_SCALE;
import static org.sfsbench.report.Decimals.fixed;

import org.sfsbench.results.model.ServerResult;

/** The server's figures between the model and the published document (both directions). */
public final class ServerMapping {
    private ServerMapping() {
    }

    public static ServerXml toXml(ServerResult s) {
        if (s == null) {
            return null;
        }
        ServerXml x = new ServerXml();
        x.cpuBusyPercent = fixed(s.cpuBusyPercent(), CPU_SCALE);
        x.cpuUserPercent = fixed(s.cpuUserPercent(), CPU_SCALE);
        x.cpuSystemPercent = fixed(s.cpuSystemPercent(), CPU_SCALE);
        x.cpuIowaitPercent = fixed(s.cpuIowaitPercent(), CPU_SCALE);
        x.cpuUsecPerOp = fixed(s.cpuUsPerOp(), CPU_SCALE);
        x.netRxMBps = fixed(s.netRxMBps(), MBPS_SCALE);
        x.netTxMBps = fixed(s.netTxMBps(), MBPS_SCALE);
        x.diskReadMBps = fixed(s.diskReadMBps(), MBPS_SCALE);
        x.diskWriteMBps = fixed(s.diskWriteMBps(), MBPS_SCALE);
        x.diskReadIops = fixed(s.diskReadIops(), RATE_SCALE);
        x.diskWriteIops = fixed(s.diskWriteIops(), RATE_SCALE);
        x.nfsdCalls = s.nfsdCalls() >= 0 ? s.nfsdCalls() : null;
        x.flagged = s.flagged();
        x.netCheck = s.netCheck();
        x.nfsCheck = s.nfsCheck();
        x.missing = s.missing();
        return x;
    }

    public static ServerResult toModel(ServerXml x) {
        return PublishedServerFigures.of(x);
    }
}
