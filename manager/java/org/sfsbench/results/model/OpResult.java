package org.sfsbench.results.model;

/** Per-op figures of one load point (a row of the sfsres op table). Times in milliseconds; latency from the op's intended start unless named service. */
public class OpResult {
    /** Op name (engine op table). */
    private String name;
    /** Engine op id. */
    private int opId;
    /** Share of the mix asked for, percent (0 when the op is not in the mix). */
    private double targetPercent;
    /** Count / total ops of the point * 100. */
    private double achievedPercent;
    /** Completed logical ops, failed ones included. */
    private long count;
    /** Failed logical ops. */
    private long errors;
    /** Payload bytes moved. */
    private long bytes;
    /** Count / measured seconds. */
    private double opsPerSec;
    /** Latency sum / count. */
    private double meanMs;
    /** Smallest latency. */
    private double minMs;
    /** Largest latency. */
    private double maxMs;
    /** 50th percentile from the merged histogram. */
    private double p50Ms;
    /** 90th percentile. */
    private double p90Ms;
    /** 99th percentile. */
    private double p99Ms;
    /** 99.9th percentile. */
    private double p999Ms;
    /** Service (actual send to reply) sum / count. */
    private double meanServiceMs;
    /** Ops sent more than 1 ms after their intended start. */
    private long late;
    /** Physical requests (RPCs, chunks, COMMITs) behind the logical ops. */
    private long physical;

    public OpResult() {
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getOpId() {
        return opId;
    }

    public void setOpId(int opId) {
        this.opId = opId;
    }

    public double getTargetPercent() {
        return targetPercent;
    }

    public void setTargetPercent(double targetPercent) {
        this.targetPercent = targetPercent;
    }

    public double getAchievedPercent() {
        return achievedPercent;
    }

    public void setAchievedPercent(double achievedPercent) {
        this.achievedPercent = achievedPercent;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    public long getErrors() {
        return errors;
    }

    public void setErrors(long errors) {
        this.errors = errors;
    }

    public long getBytes() {
        return bytes;
    }

    public void setBytes(long bytes) {
        this.bytes = bytes;
    }

    public double getOpsPerSec() {
        return opsPerSec;
    }

    public void setOpsPerSec(double opsPerSec) {
        this.opsPerSec = opsPerSec;
    }

    public double getMeanMs() {
        return meanMs;
    }

    public void setMeanMs(double meanMs) {
        this.meanMs = meanMs;
    }

    public double getMinMs() {
        return minMs;
    }

    public void setMinMs(double minMs) {
        this.minMs = minMs;
    }

    public double getMaxMs() {
        return maxMs;
    }

    public void setMaxMs(double maxMs) {
        this.maxMs = maxMs;
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

    public double getMeanServiceMs() {
        return meanServiceMs;
    }

    public void setMeanServiceMs(double meanServiceMs) {
        this.meanServiceMs = meanServiceMs;
    }

    public long getLate() {
        return late;
    }

    public void setLate(long late) {
        this.late = late;
    }

    public long getPhysical() {
        return physical;
    }

    public void setPhysical(long physical) {
        this.physical = physical;
    }
}
