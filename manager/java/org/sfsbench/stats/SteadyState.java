package org.sfsbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides when a warm-up has reached steady state (WARMUP_TIME=steady, docs/steady-state.md), fed
 * with the per-interval samples of all clients merged: each interval's seconds, ops and latency
 * histogram. Steady means, over the window (the last {@link #WINDOW} intervals or more, see below):
 * <ul>
 * <li>throughput: the least-squares line through the intervals' ops/s changes by at most
 * {@link #THROUGHPUT_TOLERANCE} of the window's mean ops/s across the window (|slope| x window
 * seconds / mean), fio's {@code ss=iops_slope} made relative to the window;</li>
 * <li>latency: the percentile of the window's older half and of its newer half (each from the
 * intervals' histograms merged) differ by at most {@link #PERCENTILE_TOLERANCE} of the whole
 * window's percentile. A percentile of one second's ops is too noisy to fit a line through, the
 * halves' merged histograms are not.</li>
 * <li>mean latency: the mean of the older half and of the newer half differ by at most
 * {@link #MEAN_TOLERANCE} of the whole window's mean. A tail made of stalls (a p99 that is the
 * stall's length, whatever the rest of the ops do) hides a queue growing under it; the mean shows it.</li>
 * </ul>
 * Each half must hold at least {@link #TAIL_OPS} ops beyond the percentile (for p99, 1000 ops per
 * half); at a low rate the window grows back over older intervals until it does. Pure: no clock.
 */
public final class SteadyState {
    /** Fewest intervals a window holds. */
    public static final int WINDOW = 20;
    /** Largest change of the throughput line across the window, as a share of its mean. */
    public static final double THROUGHPUT_TOLERANCE = 0.10;
    /** Largest difference of the halves' percentiles, as a share of the window's. */
    public static final double PERCENTILE_TOLERANCE = 0.20;
    /** Largest difference of the halves' mean latencies, as a share of the window's. */
    public static final double MEAN_TOLERANCE = 0.20;
    /** Ops each half must hold beyond the percentile, so the percentile is not one outlier. */
    public static final int TAIL_OPS = 10;
    /** The percentile judged when nothing else (an SLO) names one. */
    public static final double DEFAULT_PERCENTILE = 99;

    private final double percentile;
    private final List<Interval> intervals = new ArrayList<>();

    /** @param percentile the latency percentile that must stop drifting, in (0, 100) */
    public SteadyState(double percentile) {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile " + percentile + " outside (0, 100)");
        }
        this.percentile = percentile;
    }

    /** The percentile this detector judges. */
    public double percentile() {
        return percentile;
    }

    /**
     * One interval of the warm-up, all clients merged; returns the judgement over the intervals so far.
     *
     * @param seconds length of the interval (> 0)
     * @param ops     ops completed in it
     * @param latency the latency histogram of its ops (copied)
     */
    public Judgement add(double seconds, long ops, LatencyHistogram latency) {
        if (!(seconds > 0) || ops < 0) {
            throw new IllegalArgumentException("interval of " + seconds + " s with " + ops + " ops");
        }
        intervals.add(new Interval(seconds, ops, latency.copy()));
        return judge();
    }

    /** The judgement over the intervals added so far. */
    public Judgement judge() {
        int n = intervals.size();
        if (n < WINDOW) {
            return Judgement.waiting(n, "window not full: " + n + " of " + WINDOW + " intervals");
        }
        double tailShare = 1 - percentile / 100;
        long need = (long) Math.ceil(TAIL_OPS / tailShare - 1e-9);
        int size = WINDOW;
        while (size <= n && !(halfOps(n - size, n - size / 2) >= need && halfOps(n - size / 2, n) >= need)) {
            size++;
        }
        if (size > n) {
            return Judgement.waiting(n, String.format(Locale.ROOT,
                    "too few ops for the p%s: each half-window needs %d", num(percentile), need));
        }
        List<Interval> w = intervals.subList(n - size, n);
        double tDrift = throughputDrift(w);
        LatencyHistogram older = merged(w.subList(0, size / 2));
        LatencyHistogram newer = merged(w.subList(size / 2, size));
        LatencyHistogram all = merged(w);
        double p = all.percentile(percentile);
        double pDrift = p > 0 ? Math.abs(newer.percentile(percentile) - older.percentile(percentile)) / p : 0;
        double m = meanUs(all);
        double mDrift = m > 0 ? Math.abs(meanUs(newer) - meanUs(older)) / m : 0;
        boolean settled = tDrift <= THROUGHPUT_TOLERANCE && pDrift <= PERCENTILE_TOLERANCE && mDrift <= MEAN_TOLERANCE;
        return new Judgement(settled, n, size, tDrift, pDrift, mDrift, settled ? "" : String.format(Locale.ROOT,
                "drifting: ops/s %.1f %% (limit %.0f %%), p%s %.1f %% (limit %.0f %%), mean %.1f %% (limit %.0f %%)"
                        + " over %d intervals",
                100 * tDrift, 100 * THROUGHPUT_TOLERANCE, num(percentile), 100 * pDrift, 100 * PERCENTILE_TOLERANCE,
                100 * mDrift, 100 * MEAN_TOLERANCE, size));
    }

    /**
     * |least-squares slope of ops/s over time| x window seconds / mean ops/s; infinite when the
     * window completed no op (no load is not a steady load).
     */
    static double throughputDrift(List<Interval> w) {
        double span = 0;
        double sumOps = 0;
        int n = w.size();
        double[] t = new double[n];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            Interval x = w.get(i);
            t[i] = span + x.seconds / 2;
            r[i] = x.ops / x.seconds;
            span += x.seconds;
            sumOps += x.ops;
        }
        double mean = sumOps / span;
        if (!(mean > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        double tm = 0;
        double rm = 0;
        for (int i = 0; i < n; i++) {
            tm += t[i] / n;
            rm += r[i] / n;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (t[i] - tm) * (r[i] - rm);
            sxx += (t[i] - tm) * (t[i] - tm);
        }
        double slope = sxx > 0 ? sxy / sxx : 0;
        return Math.abs(slope) * span / mean;
    }

    private long halfOps(int from, int to) {
        long ops = 0;
        for (int i = from; i < to; i++) {
            ops += intervals.get(i).ops;
        }
        return ops;
    }

    private static LatencyHistogram merged(List<Interval> w) {
        LatencyHistogram h = new LatencyHistogram();
        for (Interval x : w) {
            h.merge(x.latency);
        }
        return h;
    }

    /** Mean latency of a histogram, each op at its bucket's middle (0 when empty). */
    static double meanUs(LatencyHistogram h) {
        double sum = 0;
        long n = 0;
        for (int i = h.firstBucket(); i < h.endBucket(); i++) {
            long c = h.bucket(i);
            sum += c * (LatencyHistogram.lowerBound(i) + LatencyHistogram.width(i) / 2.0);
            n += c;
        }
        return n > 0 ? sum / n : 0;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    record Interval(double seconds, long ops, LatencyHistogram latency) {
    }

    /**
     * @param settled         true when the three figures stopped drifting
     * @param intervals       intervals seen so far
     * @param window          intervals the judgement looked at (0 while waiting for a full window)
     * @param throughputDrift change of the ops/s line across the window / mean (NaN while waiting)
     * @param percentileDrift |newer half's percentile - older half's| / window's (NaN while waiting)
     * @param meanDrift       |newer half's mean latency - older half's| / window's (NaN while waiting)
     * @param reason          why it has not settled; "" when it has
     */
    public record Judgement(boolean settled, int intervals, int window, double throughputDrift,
            double percentileDrift, double meanDrift, String reason) {
        static Judgement waiting(int intervals, String reason) {
            return new Judgement(false, intervals, 0, Double.NaN, Double.NaN, Double.NaN, reason);
        }
    }
}
