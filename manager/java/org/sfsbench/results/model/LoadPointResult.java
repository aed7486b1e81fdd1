package org.sfsbench.results.model;

/** Result of one load point: the sfssum row (first fields, in column order) and the detail behind it. Times in milliseconds, rates in ops/s. */
public class LoadPointResult {
    /** 1-based load point number in run order. */
    private int index;
    /** Start of the RUN phase, ISO-8601 UTC. */
    private String startTime;
    /** End of the RUN phase, ISO-8601 UTC. */
    private String endTime;
    /** Sfssum 1: aggregate requested load (procs * per-proc rate). */
    private long requestedOpsPerSec;
    /** Sfssum 2: total ops / seconds. */
    private double achievedOpsPerSec;
    /** Sfssum 3: latency sum of all ops / total ops. */
    private double msecPerOp;
    /** Sfssum 4: logical ops completed (failed ones included). */
    private long totalOps;
    /** Sfssum 5: measured length of the RUN phase. */
    private double seconds;
    /** Sfssum 6: NFS3, CIFS or POSIX. */
    private String protocol;
    /** Sfssum 7: T (TCP). */
    private String networkProtocol = "T";
    /** Sfssum 8: IP version of the target, 4 or 6. */
    private int ipVersion = 4;
    /** Sfssum 9: file set created, KB (1024 bytes). */
    private long filesetKb;
    /** Sfssum 10: number of clients. */
    private int loadGenerators;
    /** Sfssum 11: procs per client (the largest when clients differ). */
    private int procsPerGenerator;
    /** Sfssum 12: BIOD_MAX_WRITES. */
    private int biodWrites;
    /** Sfssum 13: BIOD_MAX_READS. */
    private int biodReads;
    /** Sfssum 14: release field, 2008 for SPECsfs2008-compatible rows. */
    private String release = "2008";
    /** Failed logical ops. */
    private long failedOps;
    /** Ops sent more than 1 ms after their intended start. */
    private long lateOps;
    /** WORKLOAD=loadfile: simulated clients (0 for the other workloads) and MB/s read + written. */
    private int simulatedClients;
    private double throughputMBps = Double.NaN;
    /** Service latency sum / total ops. */
    private double meanServiceMs;
    /** 50th percentile of all ops (merged histogram). */
    private double p50Ms;
    /** 90th percentile of all ops. */
    private double p90Ms;
    /** 99th percentile of all ops. */
    private double p99Ms;
    /** 99.9th percentile of all ops. */
    private double p999Ms;
    /** Per-op figures, in op id order. */
    private java.util.List<OpResult> ops = new java.util.ArrayList<>();
    /** Failed ops by (op, status). */
    private java.util.List<ErrorResult> errors = new java.util.ArrayList<>();
    /** RUN phase time series. */
    private java.util.List<IntervalPoint> intervals = new java.util.ArrayList<>();
    /** Achieved ops/s per client. */
    private java.util.List<ClientThroughput> clients = new java.util.ArrayList<>();

    public LoadPointResult() {
    }

    public int getIndex() {
        return index;
    }

    public void setIndex(int index) {
        this.index = index;
    }

    public String getStartTime() {
        return startTime;
    }

    public void setStartTime(String startTime) {
        this.startTime = startTime;
    }

    public String getEndTime() {
        return endTime;
    }

    public void setEndTime(String endTime) {
        this.endTime = endTime;
    }

    public long getRequestedOpsPerSec() {
        return requestedOpsPerSec;
    }

    public void setRequestedOpsPerSec(long requestedOpsPerSec) {
        this.requestedOpsPerSec = requestedOpsPerSec;
    }

    public double getAchievedOpsPerSec() {
        return achievedOpsPerSec;
    }

    public void setAchievedOpsPerSec(double achievedOpsPerSec) {
        this.achievedOpsPerSec = achievedOpsPerSec;
    }

    public double getMsecPerOp() {
        return msecPerOp;
    }

    public void setMsecPerOp(double msecPerOp) {
        this.msecPerOp = msecPerOp;
    }

    public long getTotalOps() {
        return totalOps;
    }

    public void setTotalOps(long totalOps) {
        this.totalOps = totalOps;
    }

    public double getSeconds() {
        return seconds;
    }

    public void setSeconds(double seconds) {
        this.seconds = seconds;
    }

    public String getProtocol() {
        return protocol;
    }

    public void setProtocol(String protocol) {
        this.protocol = protocol;
    }

    public String getNetworkProtocol() {
        return networkProtocol;
    }

    public void setNetworkProtocol(String networkProtocol) {
        this.networkProtocol = networkProtocol;
    }

    public int getIpVersion() {
        return ipVersion;
    }

    public void setIpVersion(int ipVersion) {
        this.ipVersion = ipVersion;
    }

    public long getFilesetKb() {
        return filesetKb;
    }

    public void setFilesetKb(long filesetKb) {
        this.filesetKb = filesetKb;
    }

    public int getLoadGenerators() {
        return loadGenerators;
    }

    public void setLoadGenerators(int loadGenerators) {
        this.loadGenerators = loadGenerators;
    }

    public int getProcsPerGenerator() {
        return procsPerGenerator;
    }

    public void setProcsPerGenerator(int procsPerGenerator) {
        this.procsPerGenerator = procsPerGenerator;
    }

    public int getBiodWrites() {
        return biodWrites;
    }

    public void setBiodWrites(int biodWrites) {
        this.biodWrites = biodWrites;
    }

    public int getBiodReads() {
        return biodReads;
    }

    public void setBiodReads(int biodReads) {
        this.biodReads = biodReads;
    }

    public String getRelease() {
        return release;
    }

    public void setRelease(String release) {
        this.release = release;
    }

    public long getFailedOps() {
        return failedOps;
    }

    public void setFailedOps(long failedOps) {
        this.failedOps = failedOps;
    }

    public long getLateOps() {
        return lateOps;
    }

    public void setLateOps(long lateOps) {
        this.lateOps = lateOps;
    }

    public int getSimulatedClients() {
        return simulatedClients;
    }

    public void setSimulatedClients(int simulatedClients) {
        this.simulatedClients = simulatedClients;
    }

    public double getThroughputMBps() {
        return throughputMBps;
    }

    public void setThroughputMBps(double throughputMBps) {
        this.throughputMBps = throughputMBps;
    }

    public double getMeanServiceMs() {
        return meanServiceMs;
    }

    public void setMeanServiceMs(double meanServiceMs) {
        this.meanServiceMs = meanServiceMs;
    }

    public double getP50Ms() {
        return p50Ms;
    }

    public void setP50Ms(double p50Ms) {
        this.p50Ms = p50Ms;
    }

    public double getP90Ms() {
        return p90Ms;
    }

    public void setP90Ms(double p90Ms) {
        this.p90Ms = p90Ms;
    }

    public double getP99Ms() {
        return p99Ms;
    }

    public void setP99Ms(double p99Ms) {
        this.p99Ms = p99Ms;
    }

    public double getP999Ms() {
        return p999Ms;
    }

    public void setP999Ms(double p999Ms) {
        this.p999Ms = p999Ms;
    }

    public java.util.List<OpResult> getOps() {
        return ops;
    }

    public void setOps(java.util.List<OpResult> ops) {
        this.ops = ops;
    }

    public java.util.List<ErrorResult> getErrors() {
        return errors;
    }

    public void setErrors(java.util.List<ErrorResult> errors) {
        this.errors = errors;
    }

    public java.util.List<IntervalPoint> getIntervals() {
        return intervals;
    }

    public void setIntervals(java.util.List<IntervalPoint> intervals) {
        this.intervals = intervals;
    }

    public java.util.List<ClientThroughput> getClients() {
        return clients;
    }

    public void setClients(java.util.List<ClientThroughput> clients) {
        this.clients = clients;
    }
}
