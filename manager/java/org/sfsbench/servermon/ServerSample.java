package org.sfsbench.servermon;

import java.util.Map;

/**
 * One sample of a server's counters, cumulative since its boot, as /proc gives them.
 *
 * @param timeMs when it was taken (the server's clock; the prime pairs samples by arrival)
 * @param cpu /proc/stat's first line in USER_HZ ticks: user, nice, system, idle, iowait, irq,
 *     softirq, steal
 * @param net per interface: bytes received, bytes sent (/proc/net/dev)
 * @param disks per whole disk: reads completed, bytes read, writes completed, bytes written
 *     (/proc/diskstats, sectors of 512 bytes)
 * @param nfsd NFSv3 server calls per procedure (/proc/net/rpc/nfsd, line proc3); null when the
 *     server has no kernel NFS server (a userspace server such as NFS-Ganesha)
 */
public record ServerSample(long timeMs, long[] cpu, Map<String, long[]> net, Map<String, long[]> disks,
        Map<String, Long> nfsd) {
    /** Busy ticks as the clients' CPU counts them: user + nice + system + irq + softirq. */
    public long cpuBusy() {
        return cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6];
    }

    public long cpuTotal() {
        long t = 0;
        for (long v : cpu) {
            t += v;
        }
        return t;
    }

    /**
     * Received (0) or sent (1) bytes over all interfaces, loopback included: a server on the prime
     * client is reached over it, and a remote server's own loopback traffic is small.
     */
    public long netBytes(int direction) {
        long t = 0;
        for (long[] v : net.values()) {
            t += v[direction];
        }
        return t;
    }

    /** Disk field {@code i} (0 reads, 1 bytes read, 2 writes, 3 bytes written) over all disks. */
    public long disk(int i) {
        long t = 0;
        for (long[] d : disks.values()) {
            t += d[i];
        }
        return t;
    }
}
