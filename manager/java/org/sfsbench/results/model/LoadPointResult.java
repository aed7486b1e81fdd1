package org.sfsbench.results.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Result of one load point: the sfssum row (first fields, in column order) and the detail behind it. Times in milliseconds, rates in ops/s.
 *
 * @param index 1-based load point number in run order
 * @param startTime start of the RUN phase, ISO-8601 UTC
 * @param endTime end of the RUN phase, ISO-8601 UTC
 * @param requestedOpsPerSec sfssum 1: aggregate requested load (procs * per-proc rate)
 * @param achievedOpsPerSec sfssum 2: total ops / seconds
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
 * @param simulatedClients WORKLOAD=loadfile: simulated clients (0 for the other workloads)
 * @param throughputMBps MB/s (10^6 bytes) read + written by all ops: bytes / seconds (NaN when not known,
 *        a point read from sfssum)
 * @param cpu CPU of all clients together over the RUN window; null when not measured
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
        int simulatedClients,
        double throughputMBps,
        CpuResult cpu,
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
        ServerResult server) {

    public LoadPointResult {
        ops = List.copyOf(ops);
        errors = List.copyOf(errors);
        intervals = List.copyOf(intervals);
        clients = List.copyOf(clients);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return builder()
                .index(index)
                .startTime(startTime)
                .endTime(endTime)
                .requestedOpsPerSec(requestedOpsPerSec)
                .achievedOpsPerSec(achievedOpsPerSec)
                .msecPerOp(msecPerOp)
                .totalOps(totalOps)
                .seconds(seconds)
                .protocol(protocol)
                .networkProtocol(networkProtocol)
                .ipVersion(ipVersion)
                .filesetKb(filesetKb)
                .loadGenerators(loadGenerators)
                .procsPerGenerator(procsPerGenerator)
                .biodWrites(biodWrites)
                .biodReads(biodReads)
                .release(release)
                .failedOps(failedOps)
                .lateOps(lateOps)
                .simulatedClients(simulatedClients)
                .throughputMBps(throughputMBps)
                .cpu(cpu)
                .step(step)
                .server(server)
                .meanServiceMs(meanServiceMs)
                .p50Ms(p50Ms)
                .p90Ms(p90Ms)
                .p99Ms(p99Ms)
                .p999Ms(p999Ms)
                .ops(ops)
                .errors(errors)
                .intervals(intervals)
                .clients(clients);
    }

    /**
     * Collects the components one by one (read with {@code x()}, set with {@code x(value)});
     * {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        private int index;
        private String startTime;
        private String endTime;
        private long requestedOpsPerSec;
        private double achievedOpsPerSec;
        private double msecPerOp;
        private long totalOps;
        private double seconds;
        private String protocol;
        private String networkProtocol = "T";
        private int ipVersion = 4;
        private long filesetKb;
        private int loadGenerators;
        private int procsPerGenerator;
        private int biodWrites;
        private int biodReads;
        private String release = "2008";
        private long failedOps;
        private long lateOps;
        private int simulatedClients;
        private double throughputMBps = Double.NaN;
        private CpuResult cpu;
        private StepResult step;
        private ServerResult server;
        private double meanServiceMs;
        private double p50Ms;
        private double p90Ms;
        private double p99Ms;
        private double p999Ms;
        private List<OpResult> ops = new ArrayList<>();
        private List<ErrorResult> errors = new ArrayList<>();
        private List<IntervalPoint> intervals = new ArrayList<>();
        private List<ClientThroughput> clients = new ArrayList<>();

        private Builder() {
        }

        public int index() {
            return index;
        }

        public Builder index(int index) {
            this.index = index;
            return this;
        }

        public String startTime() {
            return startTime;
        }

        public Builder startTime(String startTime) {
            this.startTime = startTime;
            return this;
        }

        public String endTime() {
            return endTime;
        }

        public Builder endTime(String endTime) {
            this.endTime = endTime;
            return this;
        }

        public long requestedOpsPerSec() {
            return requestedOpsPerSec;
        }

        public Builder requestedOpsPerSec(long requestedOpsPerSec) {
            this.requestedOpsPerSec = requestedOpsPerSec;
            return this;
        }

        public double achievedOpsPerSec() {
            return achievedOpsPerSec;
        }

        public Builder achievedOpsPerSec(double achievedOpsPerSec) {
            this.achievedOpsPerSec = achievedOpsPerSec;
            return this;
        }

        public double msecPerOp() {
            return msecPerOp;
        }

        public Builder msecPerOp(double msecPerOp) {
            this.msecPerOp = msecPerOp;
            return this;
        }

        public long totalOps() {
            return totalOps;
        }

        public Builder totalOps(long totalOps) {
            this.totalOps = totalOps;
            return this;
        }

        public double seconds() {
            return seconds;
        }

        public Builder seconds(double seconds) {
            this.seconds = seconds;
            return this;
        }

        public String protocol() {
            return protocol;
        }

        public Builder protocol(String protocol) {
            this.protocol = protocol;
            return this;
        }

        public String networkProtocol() {
            return networkProtocol;
        }

        public Builder networkProtocol(String networkProtocol) {
            this.networkProtocol = networkProtocol;
            return this;
        }

        public int ipVersion() {
            return ipVersion;
        }

        public Builder ipVersion(int ipVersion) {
            this.ipVersion = ipVersion;
            return this;
        }

        public long filesetKb() {
            return filesetKb;
        }

        public Builder filesetKb(long filesetKb) {
            this.filesetKb = filesetKb;
            return this;
        }

        public int loadGenerators() {
            return loadGenerators;
        }

        public Builder loadGenerators(int loadGenerators) {
            this.loadGenerators = loadGenerators;
            return this;
        }

        public int procsPerGenerator() {
            return procsPerGenerator;
        }

        public Builder procsPerGenerator(int procsPerGenerator) {
            this.procsPerGenerator = procsPerGenerator;
            return this;
        }

        public int biodWrites() {
            return biodWrites;
        }

        public Builder biodWrites(int biodWrites) {
            this.biodWrites = biodWrites;
            return this;
        }

        public int biodReads() {
            return biodReads;
        }

        public Builder biodReads(int biodReads) {
            this.biodReads = biodReads;
            return this;
        }

        public String release() {
            return release;
        }

        public Builder release(String release) {
            this.release = release;
            return this;
        }

        public long failedOps() {
            return failedOps;
        }

        public Builder failedOps(long failedOps) {
            this.failedOps = failedOps;
            return this;
        }

        public long lateOps() {
            return lateOps;
        }

        public Builder lateOps(long lateOps) {
            this.lateOps = lateOps;
            return this;
        }

        public int simulatedClients() {
            return simulatedClients;
        }

        public Builder simulatedClients(int simulatedClients) {
            this.simulatedClients = simulatedClients;
            return this;
        }

        public double throughputMBps() {
            return throughputMBps;
        }

        public StepResult step() {
            return step;
        }

        public ServerResult server() {
            return server;
        }

        public Builder server(ServerResult server) {
            this.server = server;
            return this;
        }

        public Builder step(StepResult step) {
            this.step = step;
            return this;
        }

        public Builder throughputMBps(double throughputMBps) {
            this.throughputMBps = throughputMBps;
            return this;
        }

        public CpuResult cpu() {
            return cpu;
        }

        public Builder cpu(CpuResult cpu) {
            this.cpu = cpu;
            return this;
        }

        public double meanServiceMs() {
            return meanServiceMs;
        }

        public Builder meanServiceMs(double meanServiceMs) {
            this.meanServiceMs = meanServiceMs;
            return this;
        }

        public double p50Ms() {
            return p50Ms;
        }

        public Builder p50Ms(double p50Ms) {
            this.p50Ms = p50Ms;
            return this;
        }

        public double p90Ms() {
            return p90Ms;
        }

        public Builder p90Ms(double p90Ms) {
            this.p90Ms = p90Ms;
            return this;
        }

        public double p99Ms() {
            return p99Ms;
        }

        public Builder p99Ms(double p99Ms) {
            this.p99Ms = p99Ms;
            return this;
        }

        public double p999Ms() {
            return p999Ms;
        }

        public Builder p999Ms(double p999Ms) {
            this.p999Ms = p999Ms;
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<OpResult> ops() {
            return ops;
        }

        public Builder ops(List<OpResult> ops) {
            this.ops = new ArrayList<>(ops);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<ErrorResult> errors() {
            return errors;
        }

        public Builder errors(List<ErrorResult> errors) {
            this.errors = new ArrayList<>(errors);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<IntervalPoint> intervals() {
            return intervals;
        }

        public Builder intervals(List<IntervalPoint> intervals) {
            this.intervals = new ArrayList<>(intervals);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<ClientThroughput> clients() {
            return clients;
        }

        public Builder clients(List<ClientThroughput> clients) {
            this.clients = new ArrayList<>(clients);
            return this;
        }

        public LoadPointResult build() {
            return new LoadPointResult(index, startTime, endTime, requestedOpsPerSec, achievedOpsPerSec, msecPerOp, totalOps, seconds, protocol, networkProtocol, ipVersion, filesetKb, loadGenerators, procsPerGenerator, biodWrites, biodReads, release, failedOps, lateOps, simulatedClients, throughputMBps, cpu, meanServiceMs, p50Ms, p90Ms, p99Ms, p999Ms, ops, errors, intervals, clients, step, server);
        }
    }
}
