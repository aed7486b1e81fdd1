package org.sfsbench.servermon;

import java.util.Locale;

import org.sfsbench.results.model.ServerResult;

/** A RUN window's server figures from its first and last sample, and the sanity check. */
public final class ServerFigures {
    /** How far the server's figures may fall short of the clients' before the check flags them. */
    public static final double MARGIN = 0.10;
    /** Linux's USER_HZ: /proc/stat ticks per second. */
    static final double TICKS_PER_SECOND = 100;

    private ServerFigures() {
    }

    /**
     * @param ops ops the clients completed in the window
     * @param readBytes payload bytes the clients read
     * @param writeBytes payload bytes the clients wrote
     * @param network true when the clients reach the server over the network (NFS, CIFS)
     * @param nfs true when the clients spoke NFSv3 (the procedure check applies)
     */
    public static ServerResult of(ServerSample a, ServerSample b, long ops, long readBytes, long writeBytes,
            boolean network, boolean nfs) {
        double secs = (b.timeMs() - a.timeMs()) / 1000.0;
        if (!(secs > 0)) {
            return ServerResult.missing("fewer than two server samples in the RUN window");
        }
        long total = b.cpuTotal() - a.cpuTotal();
        double busy = pct(b.cpuBusy() - a.cpuBusy(), total);
        double user = pct(b.cpu()[0] + b.cpu()[1] - a.cpu()[0] - a.cpu()[1], total);
        double sys = pct(b.cpu()[2] + b.cpu()[5] + b.cpu()[6] - a.cpu()[2] - a.cpu()[5] - a.cpu()[6], total);
        double iowait = pct(b.cpu()[4] - a.cpu()[4], total);
        double usPerOp = ops > 0 ? (b.cpuBusy() - a.cpuBusy()) * 1e6 / TICKS_PER_SECOND / ops : Double.NaN;
        long rx = b.netBytes(0) - a.netBytes(0);
        long tx = b.netBytes(1) - a.netBytes(1);
        boolean netShort = network && (rx < writeBytes * (1 - MARGIN) || tx < readBytes * (1 - MARGIN));
        String netCheck = !network ? "not made: the clients do not reach the server over the network"
                : String.format(Locale.ROOT, "server received %.1f MB for %.1f MB written by the clients,"
                + " sent %.1f MB for %.1f MB read: %s (margin %d %%)", rx / 1e6, writeBytes / 1e6, tx / 1e6,
                readBytes / 1e6, netShort ? "SHORT, the load did not all reach this server" : "ok",
                Math.round(MARGIN * 100));
        long calls = -1;
        String nfsCheck;
        boolean nfsShort = false;
        if (!nfs) {
            nfsCheck = "not made: the clients do not speak NFS";
        } else if (a.nfsd() == null || b.nfsd() == null) {
            nfsCheck = "not made: the server has no kernel NFS counters (/proc/net/rpc/nfsd absent; a userspace"
                    + " server such as NFS-Ganesha keeps its own)";
        } else {
            calls = 0;
            for (var e : b.nfsd().entrySet()) {
                calls += e.getValue() - a.nfsd().getOrDefault(e.getKey(), 0L);
            }
            nfsShort = calls < ops * (1 - MARGIN);
            nfsCheck = String.format(Locale.ROOT, "server counted %d NFSv3 calls for %d client ops: %s (margin %d %%)",
                    calls, ops, nfsShort ? "SHORT" : "ok", Math.round(MARGIN * 100));
        }
        return new ServerResult(busy, user, sys, iowait, usPerOp, rx / secs / 1e6, tx / secs / 1e6,
                (b.disk(1) - a.disk(1)) / secs / 1e6, (b.disk(3) - a.disk(3)) / secs / 1e6,
                (b.disk(0) - a.disk(0)) / secs, (b.disk(2) - a.disk(2)) / secs, calls, netCheck, nfsCheck,
                netShort || nfsShort, null);
    }

    private static double pct(long part, long total) {
        return total > 0 ? 100.0 * part / total : Double.NaN;
    }
}
