package org.sfsbench.results.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Result of one load point: the sfssum row (first fields, in column order) and the detail behind it. Times in milliseconds, rates in ops/s.
 *
 * @param index 1-based load point number in run order
 * @param startTime start of the RUN phase, ISO-8601 UTC
 * @param endTime end of the RUN phase, ISO-8601 UTC
 * @param requestedOpsPerSec sfssum 1: aggregate requested load (procs * per-proc rate)
 * @param achievedOpsPerSec sfssum 2: ops completed within RUN's window / seconds (total ops less afterEndOps)
 * @param msecPerOp sfssum 3: latency sum of all ops / total ops
 * @param totalOps sfssum 4: logical ops completed (failed ones included)
 * @param seconds sfssum 5: measured length of the RUN phase
 * @param protocol sfssum 6: NFS3, CIFS or POSIX
 * @param networkProtocol sfssum 7: T (TCP)
 * @param ipVersion sfssum 8: IP version of the target, 4 or 6
 * @param filesetKb sfssum 9: file set created, KB (1024 bytes)
 * @param loadGenerators sfssum 10: number of clients
 * @param procsPerGenerator sfssum 11: procs per client (the largest when clients differ)
 * @param biodWrites sfssum 12: BIOD_MAX_WRITES
 * @param biodReads sfssum 13: BIOD_MAX_READS
 * @param release sfssum 14: release field, 2008 for SPECsfs2008-compatible rows
 * @param failedOps failed logical ops
 * @param lateOps ops sent more than 1 ms after their intended start
 * @param retries re-sends the server asked for (NFS3ERR_JUKEBOX: "try again later"), inside the latencies
 * @param afterEndOps ops RUN scheduled that completed after its end: late, in the latencies, not achieved
 * @param simulatedClients WORKLOAD=loadfile: simulated clients (0 for the other workloads)
 * @param throughputMBps MB/s (10^6 bytes) read + written by all ops: bytes / seconds (NaN when not known,
 *        a point read from sfssum)
 * @param cpu CPU of all clients together over the RUN window; null when not measured
 * @param replayLag a paced WORKLOAD=loadfile point: how closely the replay kept its schedule; null otherwise
 * @param loadfilePasses WORKLOAD=loadfile with LOADFILE_PASSES: the passes each simulated client was to replay;
 *        0 = pass after pass until RUNTIME
 * @param passesDone RUN ended because every simulated client had replayed its loadfilePasses, before
 *        RUNTIME; its seconds are the time the passes took
 * @param meanServiceMs service latency sum / total ops
 * @param p50Ms 50th percentile of all ops (merged histogram)
 * @param p90Ms 90th percentile of all ops
 * @param p99Ms 99th percentile of all ops
 * @param p999Ms 99.9th percentile of all ops
 * @param ops per-op figures, in op id order
 * @param errors failed ops by (op, status)
 * @param intervals RUN phase time series
 * @param clients achieved ops/s per client
 * @param step what the load point was as a step of a LOAD=max run; null for other runs
 * @param server the server's own figures over RUN (SERVER_MON); null without a server monitor
 * @param trials with TRIALS=N > 1, every trial (the point's figures are their means); empty for one trial
 * @param warmup how a steady-state warm-up ended (WARMUP_TIME=steady); null for a fixed warm-up
 * @param access which step of a WORKLOAD=access test the point is; null for other workloads
 * @param outages the outages ridden through in RUN (OUTAGE=ride), all clients merged; empty without
 */
public record LoadPointResult(
        int index,
        String startTime,
        String endTime,
        long requestedOpsPerSec,
        double achievedOpsPerSec,
        double msecPerOp,
        long totalOps,
        double seconds,
        String protocol,
        String networkProtocol,
        int ipVersion,
        long filesetKb,
        int loadGenerators,
        int procsPerGenerator,
        int biodWrites,
        int biodReads,
        String release,
        long failedOps,
        long lateOps,
        long retries,
        long afterEndOps,
        int simulatedClients,
        double throughputMBps,
        CpuResult cpu,
        ReplayLagResult replayLag,
        int loadfilePasses,
        boolean passesDone,
        double meanServiceMs,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double p999Ms,
        List<OpResult> ops,
        List<ErrorResult> errors,
        List<IntervalPoint> intervals,
        List<ClientThroughput> clients,
        StepResult step,
        ServerResult server,
        List<TrialResult> trials,
        WarmupResult warmup,
        AccessStepIdentity access,
        List<OutageResult> outages) {

    public LoadPointResult {
        ops = List.copyOf(ops);
        errors = List.copyOf(errors);
        intervals = List.copyOf(intervals);
        clients = List.copyOf(clients);
        trials = List.copyOf(trials);
        outages = List.copyOf(outages);
    }

    static {
        RecordBuilders.check(LoadPointResult.class, Builder.class);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return RecordBuilders.copy(this, new Builder());
    }

    /** A copy with the changes {@code edit} makes to its builder. */
    public LoadPointResult with(Consumer<Builder> edit) {
        Builder b = toBuilder();
        edit.accept(b);
        return b.build();
    }

    /**
     * The components, one public field each with its default (names and types are the record's,
     * {@link RecordBuilders#check} enforces it); {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        public int index;
        public String startTime;
        public String endTime;
        public long requestedOpsPerSec;
        public double achievedOpsPerSec;
        public double msecPerOp;
        public long totalOps;
        public double seconds;
        public String protocol;
        public String networkProtocol = "T";
        public int ipVersion = 4;
        public long filesetKb;
        public int loadGenerators;
        public int procsPerGenerator;
        public int biodWrites;
        public int biodReads;
        public String release = "2008";
        public long failedOps;
        public long lateOps;
        public long retries;
        public long afterEndOps;
        public int simulatedClients;
        public double throughputMBps = Double.NaN;
        public CpuResult cpu;
        public ReplayLagResult replayLag;
        public int loadfilePasses;
        public boolean passesDone;
        public StepResult step;
        public ServerResult server;
        public List<TrialResult> trials = new ArrayList<>();
        public WarmupResult warmup;
        public AccessStepIdentity access;
        public List<OutageResult> outages = new ArrayList<>();
        public double meanServiceMs;
        public double p50Ms;
        public double p90Ms;
        public double p99Ms;
        public double p999Ms;
        public List<OpResult> ops = new ArrayList<>();
        public List<ErrorResult> errors = new ArrayList<>();
        public List<IntervalPoint> intervals = new ArrayList<>();
        public List<ClientThroughput> clients = new ArrayList<>();

        public LoadPointResult build() {
            return RecordBuilders.build(LoadPointResult.class, this);
        }
    }
}
