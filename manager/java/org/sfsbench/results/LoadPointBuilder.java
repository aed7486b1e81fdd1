package org.sfsbench.results;

import java.util.Map;

import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.ErrorResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.ReplayLagResult;
import org.sfsbench.stats.CpuTimes;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.ErrorCount;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.stats.ScheduleLag;

/**
 * Turns the final counters of a load point's RUN phase into its {@link LoadPointResult}. Every
 * formula is listed in docs/results.md. Values that are undefined (a mean without ops) are 0 so
 * that every output format, JSON included, stays valid.
 */
public final class LoadPointBuilder {
    private static final double US_PER_MS = 1000.0;

    private LoadPointBuilder() {
    }

    /**
     * @param plan the point's planned figures
     * @param run the final RUN sample merged over every proc of every client
     * @param seconds measured length of RUN (> 0)
     * @param targetMix op id -> percent asked for (ops outside the map have target 0)
     * @param names op names
     */
    public static LoadPointResult build(LoadPointPlan plan, EngineSample run, double seconds,
            Map<Integer, Double> targetMix, OpNames names) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("measured seconds of load point " + plan.index() + " is " + seconds
                    + ", must be > 0");
        }
        LoadPointResult.Builder r = LoadPointResult.builder();
        r.index = plan.index();
        r.requestedOpsPerSec = plan.requestedOpsPerSec();
        r.protocol = plan.protocol().sfssumName();
        r.ipVersion = plan.ipVersion();
        r.loadGenerators = plan.loadGenerators();
        r.procsPerGenerator = plan.procsPerGenerator();
        r.biodWrites = plan.biodWrites();
        r.biodReads = plan.biodReads();
        r.seconds = seconds;
        r.filesetKb = run.filesetBytes() / 1024;

        OpCounters all = run.total();
        long total = all.ops();
        r.totalOps = total;
        r.failedOps = all.errors();
        r.lateOps = all.late();
        r.retries = all.retries();
        r.afterEndOps = all.afterEnd();
        // SPECsfs's achieved throughput: what completed within the measured window
        r.achievedOpsPerSec = all.inWindow() / seconds;
        r.msecPerOp = ms(all.meanUs());
        r.throughputMBps = mbPerSec(all.bytes(), seconds);
        r.cpu = cpu(run.cpu(), total);
        r.meanServiceMs = ms(all.meanServiceUs());
        r.p50Ms = ms(all.percentileUs(50));
        r.p90Ms = ms(all.percentileUs(90));
        r.p99Ms = ms(all.percentileUs(99));
        r.p999Ms = ms(all.percentileUs(99.9));

        for (int op = 0; op < Math.max(names.size(), maxId(run, targetMix) + 1); op++) {
            OpCounters c = run.op(op);
            double target = targetMix.getOrDefault(op, 0.0);
            if (c.ops() == 0 && target == 0) {
                continue;
            }
            r.ops.add(opResult(names.name(op), c, target, total, seconds));
        }
        for (ErrorCount e : run.errors()) {
            r.errors.add(new ErrorResult(names.name(e.opId()), e.opId(), e.status(),
                    StatusNames.describe(plan.protocol(), e.status()), e.count()));
        }
        return r.build();
    }

    /**
     * One client's figures: its ops and bytes in the final RUN sample / the point's seconds, and
     * its CPU over the RUN window.
     */
    public static ClientThroughput clientThroughput(ClientInfo client, EngineSample clientRun, double seconds) {
        long ops = clientRun.totalOps();
        return new ClientThroughput(client.name(), client.number(), clientRun.total().inWindow() / seconds,
                mbPerSec(clientRun.total().bytes(), seconds), cpu(clientRun.cpu(), ops), null);
    }

    /** The CPU figures of a window in which {@code ops} were counted; null when it was not measured. */
    public static CpuResult cpu(CpuTimes t, long ops) {
        if (!t.measured()) {
            return null;
        }
        double perOp = t.processUsPerOp(ops);
        return new CpuResult(t.hostBusyPercent(), t.hostUserPercent(), t.hostSystemPercent(), (int) t.hostCpus(),
                t.processPercent(), Double.isNaN(perOp) ? 0 : perOp);
    }

    /** The lag figures of a paced replay's RUN ({@link EngineSample#lag}); null when no op was counted. */
    public static ReplayLagResult replayLag(ScheduleLag lag) {
        if (lag.count() == 0) {
            return null;
        }
        return new ReplayLagResult(lag.count(), ms(lag.percentileUs(50)), ms(lag.percentileUs(90)),
                ms(lag.percentileUs(99)), ms(lag.maxUs()));
    }

    /** MB/s with MB = 10^6 bytes. */
    public static double mbPerSec(long bytes, double seconds) {
        return bytes / seconds / 1e6;
    }

    private static OpResult opResult(String name, OpCounters c, double target, long total, double seconds) {
        OpResult.Builder o = OpResult.builder();
        o.name = name;
        o.opId = c.opId();
        o.targetPercent = target;
        o.achievedPercent = total == 0 ? 0 : 100.0 * c.ops() / total;
        o.count = c.ops();
        o.errors = c.errors();
        o.bytes = c.bytes();
        o.opsPerSec = c.inWindow() / seconds;
        o.mbPerSec = mbPerSec(c.bytes(), seconds);
        o.meanMs = ms(c.meanUs());
        o.minMs = c.ops() == 0 ? 0 : c.latencyMinUs() / US_PER_MS;
        o.maxMs = c.latencyMaxUs() / US_PER_MS;
        o.p50Ms = ms(c.percentileUs(50));
        o.p90Ms = ms(c.percentileUs(90));
        o.p99Ms = ms(c.percentileUs(99));
        o.p999Ms = ms(c.percentileUs(99.9));
        o.meanServiceMs = ms(c.meanServiceUs());
        o.late = c.late();
        o.physical = c.physical();
        return o.build();
    }

    private static int maxId(EngineSample run, Map<Integer, Double> mix) {
        int m = -1;
        for (OpCounters c : run.opCounters()) {
            m = Math.max(m, c.opId());
        }
        for (int id : mix.keySet()) {
            m = Math.max(m, id);
        }
        return m;
    }

    /** Microseconds to milliseconds; NaN (nothing measured) becomes 0. */
    static double ms(double us) {
        return Double.isNaN(us) ? 0 : us / US_PER_MS;
    }
}
