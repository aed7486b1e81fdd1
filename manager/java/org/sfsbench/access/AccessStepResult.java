package org.sfsbench.access;

import java.util.List;

import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;

/**
 * The figures of one access step, from its load-point result: IOPS, read/write IOPS, MB/s in
 * binary (MiB, 2^20 bytes) and decimal (MB, 10^6 bytes) units, response times in ms, errors, and
 * the outstanding I/Os achieved (Little's law: IOPS x mean response time), the clients' CPU over
 * the step's RUN (null when not measured). Access writes are the engine's unstable writes (op
 * wrcache).
 */
public record AccessStepResult(AccessStep step, int clients, double seconds, long readIos, long writeIos,
        long bytesRead, long bytesWritten, double meanMs, double meanReadMs, double meanWriteMs, double maxMs,
        double maxReadMs, double maxWriteMs, double p50Ms, double p99Ms, double p999Ms, long readErrors,
        long writeErrors, CpuResult cpu) {

    public static AccessStepResult of(AccessStep step, int clients, LoadPointResult p) {
        OpResult r = op(p.ops(), "read");
        OpResult w = op(p.ops(), "wrcache");
        long rc = r == null ? 0 : r.count();
        long wc = w == null ? 0 : w.count();
        double rm = r == null ? 0 : r.meanMs();
        double wm = w == null ? 0 : w.meanMs();
        double mean = rc + wc == 0 ? 0 : (rm * rc + wm * wc) / (rc + wc);
        double rmax = r == null ? 0 : r.maxMs();
        double wmax = w == null ? 0 : w.maxMs();
        return new AccessStepResult(step, clients, p.seconds(), rc, wc, r == null ? 0 : r.bytes(),
                w == null ? 0 : w.bytes(), mean, rm, wm, Math.max(rmax, wmax), rmax, wmax, p.p50Ms(),
                p.p99Ms(), p.p999Ms(), r == null ? 0 : r.errors(), w == null ? 0 : w.errors(), p.cpu());
    }

    private static OpResult op(List<OpResult> ops, String name) {
        return ops.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
    }

    private double per(double x) {
        return seconds > 0 ? x / seconds : 0;
    }

    public double iops() {
        return per(readIos + writeIos);
    }

    public double readIops() {
        return per(readIos);
    }

    public double writeIops() {
        return per(writeIos);
    }

    /** MiB/s (2^20 bytes per second), Iometer's "MBps (Binary)". */
    public double mibps() {
        return per(bytesRead + bytesWritten) / (1 << 20);
    }

    /** MB/s (10^6 bytes per second), Iometer's "MBps (Decimal)". */
    public double mbps() {
        return per(bytesRead + bytesWritten) / 1e6;
    }

    /**
     * Iometer's CPU effectiveness: IOPS per percent of CPU utilization (host busy %); NaN when CPU
     * was not measured or was 0.
     */
    public double cpuEffectiveness() {
        return cpu == null || !(cpu.hostBusyPercent() > 0) ? Double.NaN : iops() / cpu.hostBusyPercent();
    }

    public long errors() {
        return readErrors + writeErrors;
    }

    /** Workers in all: per client x clients. */
    public int workers() {
        return step.workers() * clients;
    }

    /** Targets in all (each its own queue): per client x clients. */
    public int targets() {
        return step.targets() * clients;
    }

    /** Mean I/Os in flight per target measured by Little's law (IOPS x mean response time / targets). */
    public double achievedQueueDepth() {
        return targets() == 0 ? 0 : iops() * meanMs / 1000.0 / targets();
    }
}
