package org.sfsbench.results.model;

/**
 * The server's own figures over a load point's or step's RUN window (SERVER_MON, docs/live.md),
 * and the sanity check of what the clients sent against what the server saw. NaN where not
 * measured; when {@code missing} is set every figure is NaN.
 *
 * @param cpuBusyPercent CPU busy (user + nice + system + irq + softirq), percent of all the server's CPUs
 * @param cpuUserPercent user + nice
 * @param cpuSystemPercent system + irq + softirq
 * @param cpuIowaitPercent iowait
 * @param cpuUsPerOp busy CPU microseconds (all CPUs) per op the clients completed
 * @param netRxMBps MB/s (10^6) received over all interfaces
 * @param netTxMBps MB/s sent
 * @param diskReadMBps MB/s read from whole disks
 * @param diskWriteMBps MB/s written
 * @param diskReadIops reads completed per second
 * @param diskWriteIops writes completed per second
 * @param nfsdCalls NFSv3 calls the kernel NFS server counted; -1 when it has none
 * @param netCheck the network check: client payload against server bytes, in words
 * @param nfsCheck the NFS procedure check, in words (why it was not made when it was not)
 * @param flagged true when a check found the server's figures short by more than the margin
 * @param missing null, or why the figures are missing (the collector ended, no samples)
 */
public record ServerResult(double cpuBusyPercent, double cpuUserPercent, double cpuSystemPercent,
        double cpuIowaitPercent, double cpuUsPerOp, double netRxMBps, double netTxMBps, double diskReadMBps,
        double diskWriteMBps, double diskReadIops, double diskWriteIops, long nfsdCalls, String netCheck,
        String nfsCheck, boolean flagged, String missing) {

    /** Figures that could not be measured, with the cause. */
    public static ServerResult missing(String cause) {
        double n = Double.NaN;
        return new ServerResult(n, n, n, n, n, n, n, n, n, n, n, -1, null, null, false, cause);
    }
}
