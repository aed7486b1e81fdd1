package org.sfsbench.stats;

import java.io.Serializable;

/**
 * Counters of one abstract op type over one phase (or one interval): the per-op block of the
 * engine sample (sfsengine.h, SFS_O_*). Latencies are microseconds; "latency" is measured from
 * the op's intended start on the pacing schedule, "service" from the actual send.
 */
public final class OpCounters implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int opId;
    private long ops;
    private long errors;
    private long bytes;
    private long latencySumUs;
    /** Long.MAX_VALUE while no op was counted. */
    private long latencyMinUs = Long.MAX_VALUE;
    private long latencyMaxUs;
    private long serviceSumUs;
    private long late;
    private long physical;
    /** Re-sends the server asked for (NFS3ERR_JUKEBOX), already inside the latencies. */
    private long retries;
    /** Of {@link #ops}: completed after RUN's end, so not achieved in its window (docs/results.md). */
    private long afterEnd;
    private LatencyHistogram histogram = new LatencyHistogram();

    public OpCounters(int opId) {
        this.opId = opId;
    }

    /** Values of ops that all completed within their window. */
    public OpCounters(int opId, long ops, long errors, long bytes, long latencySumUs, long latencyMinUs,
            long latencyMaxUs, long serviceSumUs, long late, long physical, long retries, LatencyHistogram histogram) {
        this(opId, ops, errors, bytes, latencySumUs, latencyMinUs, latencyMaxUs, serviceSumUs, late, physical, retries,
                0, histogram);
    }

    /** Values as the engine reports them (a UINT64_MAX minimum, -1 in Java, means "none"). */
    public OpCounters(int opId, long ops, long errors, long bytes, long latencySumUs, long latencyMinUs,
            long latencyMaxUs, long serviceSumUs, long late, long physical, long retries, long afterEnd,
            LatencyHistogram histogram) {
        if (afterEnd < 0 || afterEnd > ops) {
            throw new IllegalArgumentException("op " + opId + ": " + afterEnd + " of " + ops
                    + " ops completed after the end of the window");
        }
        this.opId = opId;
        this.afterEnd = afterEnd;
        this.ops = ops;
        this.errors = errors;
        this.bytes = bytes;
        this.latencySumUs = latencySumUs;
        this.latencyMinUs = latencyMinUs < 0 ? Long.MAX_VALUE : latencyMinUs;
        this.latencyMaxUs = latencyMaxUs;
        this.serviceSumUs = serviceSumUs;
        this.late = late;
        this.physical = physical;
        this.retries = retries;
        this.histogram = histogram.copy();
    }

    /** Records one completed op (used by tests and pure-Java producers). */
    public void record(long latencyUs, long serviceUs, long payloadBytes, boolean failed, boolean wasLate) {
        ops++;
        if (failed) {
            errors++;
        }
        bytes += payloadBytes;
        latencySumUs += latencyUs;
        latencyMinUs = Math.min(latencyMinUs, latencyUs);
        latencyMaxUs = Math.max(latencyMaxUs, latencyUs);
        serviceSumUs += serviceUs;
        if (wasLate) {
            late++;
        }
        physical++;
        histogram.add(latencyUs);
    }

    /** Adds {@code o} (same op, other proc/worker/client, same phase) to this. */
    public void merge(OpCounters o) {
        if (o.opId != opId) {
            throw new IllegalArgumentException("cannot merge counters of op " + o.opId + " into op " + opId);
        }
        ops += o.ops;
        errors += o.errors;
        bytes += o.bytes;
        latencySumUs += o.latencySumUs;
        latencyMinUs = Math.min(latencyMinUs, o.latencyMinUs);
        latencyMaxUs = Math.max(latencyMaxUs, o.latencyMaxUs);
        serviceSumUs += o.serviceSumUs;
        late += o.late;
        physical += o.physical;
        retries += o.retries;
        afterEnd += o.afterEnd;
        histogram.merge(o.histogram);
    }

    /**
     * Counters of the interval between {@code earlier} and this (both cumulative over the same
     * phase). Minimum and maximum cannot be differenced: the result keeps this sample's
     * cumulative min/max, an envelope of the interval's.
     */
    public OpCounters minus(OpCounters earlier) {
        if (earlier.opId != opId) {
            throw new IllegalArgumentException("cannot subtract counters of op " + earlier.opId + " from op " + opId);
        }
        if (earlier.ops > ops) {
            throw new IllegalArgumentException("op " + opId + ": earlier sample has " + earlier.ops
                    + " ops, later only " + ops + ": samples are not cumulative or out of order");
        }
        OpCounters d = new OpCounters(opId);
        d.ops = ops - earlier.ops;
        d.errors = errors - earlier.errors;
        d.bytes = bytes - earlier.bytes;
        d.latencySumUs = latencySumUs - earlier.latencySumUs;
        d.latencyMinUs = latencyMinUs;
        d.latencyMaxUs = latencyMaxUs;
        d.serviceSumUs = serviceSumUs - earlier.serviceSumUs;
        d.late = late - earlier.late;
        d.physical = physical - earlier.physical;
        d.retries = retries - earlier.retries;
        d.afterEnd = afterEnd - earlier.afterEnd;
        d.histogram = histogram.minus(earlier.histogram);
        return d;
    }

    public OpCounters copy() {
        OpCounters c = new OpCounters(opId);
        c.merge(this);
        return c;
    }

    public int opId() {
        return opId;
    }

    public long ops() {
        return ops;
    }

    public long errors() {
        return errors;
    }

    public long bytes() {
        return bytes;
    }

    public long latencySumUs() {
        return latencySumUs;
    }

    /** Smallest latency (us), or -1 when no op was counted. */
    public long latencyMinUs() {
        return latencyMinUs == Long.MAX_VALUE ? -1 : latencyMinUs;
    }

    public long latencyMaxUs() {
        return latencyMaxUs;
    }

    public long serviceSumUs() {
        return serviceSumUs;
    }

    public long late() {
        return late;
    }

    public long physical() {
        return physical;
    }

    public long retries() {
        return retries;
    }

    /** Of {@link #ops()}: completed after RUN's end (late, not achieved in the window). */
    public long afterEnd() {
        return afterEnd;
    }

    /** Ops completed within the window: what achieved throughput counts. */
    public long inWindow() {
        return ops - afterEnd;
    }

    /** The histogram itself (not a copy); do not modify it. */
    public LatencyHistogram histogram() {
        return histogram;
    }

    /** Mean latency from intended start (us) = latency sum / ops; NaN without ops. */
    public double meanUs() {
        return ops == 0 ? Double.NaN : (double) latencySumUs / ops;
    }

    /** Mean latency from actual send (us) = service sum / ops; NaN without ops. */
    public double meanServiceUs() {
        return ops == 0 ? Double.NaN : (double) serviceSumUs / ops;
    }

    /**
     * Percentile (us) from the histogram (see {@link LatencyHistogram#percentile}), clamped to
     * the observed [min, max], which the histogram alone does not know.
     */
    public double percentileUs(double p) {
        double v = histogram.percentile(p);
        if (Double.isNaN(v)) {
            return v;
        }
        if (latencyMinUs != Long.MAX_VALUE) {
            v = Math.min(Math.max(v, latencyMinUs), latencyMaxUs);
        }
        return v;
    }

    /** True when nothing was counted. */
    public boolean isEmpty() {
        return ops == 0 && errors == 0 && bytes == 0 && physical == 0 && histogram.count() == 0;
    }
}
