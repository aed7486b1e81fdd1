package org.sfsbench.report.summary;

import java.math.BigDecimal;

import org.sfsbench.report.xml.ServerXml;
import org.sfsbench.results.model.ServerResult;

/** A published point's server figures back as the model, for the words both reports share. */
public final class PublishedServerFigures {
    private PublishedServerFigures() {
    }

    /** Null for null; absent figures are NaN. */
    public static ServerResult of(ServerXml x) {
        if (x == null) {
            return null;
        }
        return new ServerResult(d(x.cpuBusyPercent), d(x.cpuUserPercent), d(x.cpuSystemPercent),
                d(x.cpuIowaitPercent), d(x.cpuUsecPerOp), d(x.netRxMBps), d(x.netTxMBps), d(x.diskReadMBps),
                d(x.diskWriteMBps), d(x.diskReadIops), d(x.diskWriteIops), x.nfsdCalls == null ? -1 : x.nfsdCalls,
                x.netCheck, x.nfsCheck, x.flagged, x.missing);
    }

    private static double d(BigDecimal v) {
        return v == null ? Double.NaN : v.doubleValue();
    }
}
