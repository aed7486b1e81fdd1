package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ServerResult;

/** A point's server figures (SERVER_MON) and sanity check in words: sfsres and the text report. */
public final class ServerLines {
    private ServerLines() {
    }

    /** Lines without indentation; empty for null (no server monitor). */
    public static List<String> of(ServerResult s) {
        List<String> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        if (s.missing() != null) {
            out.add("Server over RUN (SERVER_MON): figures missing: " + s.missing());
            return out;
        }
        out.add(String.format(Locale.ROOT, "Server over RUN (SERVER_MON): CPU busy %.1f %% (user %.1f %%, system %.1f %%,"
                + " iowait %.1f %%), %.1f us per op; network in %.3f MB/s, out %.3f MB/s; disk read %.3f MB/s"
                + " (%.1f IOPS), write %.3f MB/s (%.1f IOPS)", s.cpuBusyPercent(), s.cpuUserPercent(),
                s.cpuSystemPercent(), s.cpuIowaitPercent(), s.cpuUsPerOp(), s.netRxMBps(), s.netTxMBps(),
                s.diskReadMBps(), s.diskReadIops(), s.diskWriteMBps(), s.diskWriteIops()));
        out.add("Sanity check" + (s.flagged() ? " FLAGGED" : "") + ": network: " + s.netCheck() + "; NFS: "
                + s.nfsCheck());
        return out;
    }
}
