package org.sfsbench.results.model;

/**
 * Per-op figures of one load point (a row of the sfsres op table). Times in milliseconds; latency from the op's intended start unless named service.
 *
 * @param name op name (engine op table)
 * @param opId engine op id
 * @param targetPercent share of the mix asked for, percent (0 when the op is not in the mix)
 * @param achievedPercent count / total ops of the point * 100
 * @param count completed logical ops, failed ones included
 * @param errors failed logical ops
 * @param bytes payload bytes moved
 * @param opsPerSec count / measured seconds
 * @param mbPerSec bytes / measured seconds / 10^6 (MB/s, decimal)
 * @param meanMs latency sum / count
 * @param minMs smallest latency
 * @param maxMs largest latency
 * @param p50Ms 50th percentile from the merged histogram
 * @param p90Ms 90th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param meanServiceMs service (actual send to reply) sum / count
 * @param late ops sent more than 1 ms after their intended start
 * @param physical physical requests (RPCs, chunks, COMMITs) behind the logical ops
 */
public record OpResult(
        String name,
        int opId,
        double targetPercent,
        double achievedPercent,
        long count,
        long errors,
        long bytes,
        double opsPerSec,
        double mbPerSec,
        double meanMs,
        double minMs,
        double maxMs,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double p999Ms,
        double meanServiceMs,
        long late,
        long physical) {

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return builder()
                .name(name)
                .opId(opId)
                .targetPercent(targetPercent)
                .achievedPercent(achievedPercent)
                .count(count)
                .errors(errors)
                .bytes(bytes)
                .opsPerSec(opsPerSec)
                .mbPerSec(mbPerSec)
                .meanMs(meanMs)
                .minMs(minMs)
                .maxMs(maxMs)
                .p50Ms(p50Ms)
                .p90Ms(p90Ms)
                .p99Ms(p99Ms)
                .p999Ms(p999Ms)
                .meanServiceMs(meanServiceMs)
                .late(late)
                .physical(physical);
    }

    /**
     * Collects the components one by one (read with {@code x()}, set with {@code x(value)});
     * {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        private String name;
        private int opId;
        private double targetPercent;
        private double achievedPercent;
        private long count;
        private long errors;
        private long bytes;
        private double opsPerSec;
        private double mbPerSec;
        private double meanMs;
        private double minMs;
        private double maxMs;
        private double p50Ms;
        private double p90Ms;
        private double p99Ms;
        private double p999Ms;
        private double meanServiceMs;
        private long late;
        private long physical;

        private Builder() {
        }

        public String name() {
            return name;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public int opId() {
            return opId;
        }

        public Builder opId(int opId) {
            this.opId = opId;
            return this;
        }

        public double targetPercent() {
            return targetPercent;
        }

        public Builder targetPercent(double targetPercent) {
            this.targetPercent = targetPercent;
            return this;
        }

        public double achievedPercent() {
            return achievedPercent;
        }

        public Builder achievedPercent(double achievedPercent) {
            this.achievedPercent = achievedPercent;
            return this;
        }

        public long count() {
            return count;
        }

        public Builder count(long count) {
            this.count = count;
            return this;
        }

        public long errors() {
            return errors;
        }

        public Builder errors(long errors) {
            this.errors = errors;
            return this;
        }

        public long bytes() {
            return bytes;
        }

        public Builder bytes(long bytes) {
            this.bytes = bytes;
            return this;
        }

        public double opsPerSec() {
            return opsPerSec;
        }

        public Builder opsPerSec(double opsPerSec) {
            this.opsPerSec = opsPerSec;
            return this;
        }

        public double mbPerSec() {
            return mbPerSec;
        }

        public Builder mbPerSec(double mbPerSec) {
            this.mbPerSec = mbPerSec;
            return this;
        }

        public double meanMs() {
            return meanMs;
        }

        public Builder meanMs(double meanMs) {
            this.meanMs = meanMs;
            return this;
        }

        public double minMs() {
            return minMs;
        }

        public Builder minMs(double minMs) {
            this.minMs = minMs;
            return this;
        }

        public double maxMs() {
            return maxMs;
        }

        public Builder maxMs(double maxMs) {
            this.maxMs = maxMs;
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

        public double meanServiceMs() {
            return meanServiceMs;
        }

        public Builder meanServiceMs(double meanServiceMs) {
            this.meanServiceMs = meanServiceMs;
            return this;
        }

        public long late() {
            return late;
        }

        public Builder late(long late) {
            this.late = late;
            return this;
        }

        public long physical() {
            return physical;
        }

        public Builder physical(long physical) {
            this.physical = physical;
            return this;
        }

        public OpResult build() {
            return new OpResult(name, opId, targetPercent, achievedPercent, count, errors, bytes, opsPerSec, mbPerSec, meanMs, minMs, maxMs, p50Ms, p90Ms, p99Ms, p999Ms, meanServiceMs, late, physical);
        }
    }
}
