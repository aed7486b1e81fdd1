package org.sfsbench.results.model;

import java.util.function.Consumer;

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

    static {
        RecordBuilders.check(OpResult.class, Builder.class);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return RecordBuilders.copy(this, new Builder());
    }

    /** A copy with the changes {@code edit} makes to its builder. */
    public OpResult with(Consumer<Builder> edit) {
        Builder b = toBuilder();
        edit.accept(b);
        return b.build();
    }

    /**
     * The components, one public field each with its default (names and types are the record's,
     * {@link RecordBuilders#check} enforces it); {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        public String name;
        public int opId;
        public double targetPercent;
        public double achievedPercent;
        public long count;
        public long errors;
        public long bytes;
        public double opsPerSec;
        public double mbPerSec;
        public double meanMs;
        public double minMs;
        public double maxMs;
        public double p50Ms;
        public double p90Ms;
        public double p99Ms;
        public double p999Ms;
        public double meanServiceMs;
        public long late;
        public long physical;

        public OpResult build() {
            return RecordBuilders.build(OpResult.class, this);
        }
    }
}
