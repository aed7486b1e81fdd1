package org.sfsbench.stats;

import java.io.Serializable;

import org.sfsbench.engine.SampleLayout;

/**
 * How far ops were sent after their intended start, as the engine counts it (the L_* words of
 * sfsengine.h): a histogram of every counted op's lag (send time minus intended start, in the
 * latency histogram's microsecond buckets) and the largest lag. With loadfile timestamps this is
 * how closely a replay kept the recorded timing. Immutable.
 */
public final class ScheduleLag implements Serializable {
    private static final long serialVersionUID = 1L;

    /** No op counted. */
    public static final ScheduleLag NONE = new ScheduleLag(new LatencyHistogram(), 0);

    private final LatencyHistogram histogram;
    private final long maxUs;

    public ScheduleLag(LatencyHistogram histogram, long maxUs) {
        this.histogram = histogram.copy();
        this.maxUs = maxUs;
    }

    /** The lag words of an engine sample. */
    public static ScheduleLag fromWords(SampleWords w) {
        return new ScheduleLag(w.histogram(SampleLayout.L_BASE + SampleLayout.L_HIST),
                w.at(SampleLayout.L_BASE + SampleLayout.L_MAX));
    }

    /** Writes the lag words of an engine sample. */
    public void toWords(long[] w) {
        w[SampleLayout.L_BASE + SampleLayout.L_MAX] = maxUs;
        histogram.toWords(w, SampleLayout.L_BASE + SampleLayout.L_HIST);
    }

    /** Both together: histograms add, the largest lag is the larger. */
    public ScheduleLag plus(ScheduleLag other) {
        LatencyHistogram h = histogram.copy();
        h.merge(other.histogram);
        return new ScheduleLag(h, Math.max(maxUs, other.maxUs));
    }

    /** The interval after {@code earlier} (cumulative): the histogram's difference; the largest lag is this one's. */
    public ScheduleLag minus(ScheduleLag earlier) {
        return new ScheduleLag(histogram.minus(earlier.histogram), maxUs);
    }

    /** Ops counted. */
    public long count() {
        return histogram.count();
    }

    /** The lag (us) below which {@code p} percent of the ops lie; NaN without ops. */
    public double percentileUs(double p) {
        return histogram.percentile(p);
    }

    /** The largest lag, microseconds (0 without ops). */
    public long maxUs() {
        return maxUs;
    }
}
