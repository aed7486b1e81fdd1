package org.sfsbench.stats;

import java.util.Arrays;

/**
 * Batch means over one measured window's interval samples: the intervals are cut into a few
 * consecutive batches and each batch's mean is one sample. Adjacent intervals are correlated (a
 * slow second is often followed by another); batches several intervals long are nearly
 * independent, so their spread estimates the noise of the window's mean even from one trial.
 * Not valid with fewer than {@link #MIN_INTERVALS} intervals (4 batches of 5), nor when the batch
 * means, less their linear trend, are still strongly correlated (lag-1 autocorrelation above
 * {@link #MAX_LAG1}): slow oscillations longer than a batch (periodic flushes), whose noise
 * batches cannot see. Then only trials give a spread. A trend (a server still warming, a backlog
 * growing) is no such case: it widens the batch means' spread, so a test on them is conservative.
 */
public final class BatchMeans {
    /** Fewest intervals in a batch: shorter batches are still correlated (a 1 s interval's noise lasts seconds). */
    public static final int MIN_BATCH = 5;
    /** Fewest batches: fewer leave the t test almost no degrees of freedom. */
    public static final int MIN_BATCHES = 4;
    /** Fewest intervals. */
    public static final int MIN_INTERVALS = MIN_BATCH * MIN_BATCHES;
    /** Most batches: more are shorter and more correlated. */
    public static final int MAX_BATCHES = 10;
    /** Largest lag-1 autocorrelation of the batch means taken as independent. */
    public static final double MAX_LAG1 = 0.5;
    /** A slope of the batch means significant at this confidence is reported as a trend. */
    public static final double TREND_CONFIDENCE = 0.99;

    private BatchMeans() {
    }

    /** The batch means, or an empty array when there are too few intervals. */
    public static double[] of(double[] intervals) {
        double[] v = Arrays.stream(intervals).filter(d -> !Double.isNaN(d)).toArray();
        if (v.length < MIN_INTERVALS) {
            return new double[0];
        }
        int batches = Math.min(MAX_BATCHES, v.length / MIN_BATCH);
        int size = v.length / batches;
        // the oldest intervals left over go: the end of a window is the steadier part
        int skip = v.length - batches * size;
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += v[skip + b * size + i];
            }
            means[b] = sum / size;
        }
        return means;
    }

    /** Why batch means of these intervals are no noise estimate, or null when they are one. */
    public static String invalidReason(double[] intervals) {
        double[] m = of(intervals);
        if (m.length == 0) {
            return "fewer than " + MIN_INTERVALS + " intervals";
        }
        double r = lag1(residuals(m));
        if (r > MAX_LAG1) {
            return String.format(java.util.Locale.ROOT, "batch means correlated (lag-1 %.2f > %.1f): a slow"
                    + " oscillation in the window", r, MAX_LAG1);
        }
        return null;
    }

    /**
     * True when the batch means trend (a slope significant at {@link #TREND_CONFIDENCE}): a window
     * still moving, e.g. a backlog growing. Their spread then includes the trend, so a test on them
     * is conservative (it sees more noise than there is), not wrong.
     */
    public static boolean trends(double[] intervals) {
        double[] m = of(intervals);
        return m.length >= 3 && Math.abs(slopeT(m)) > StudentT.quantile(TREND_CONFIDENCE, m.length - 2);
    }

    /** The values less their least-squares line. */
    static double[] residuals(double[] y) {
        int n = y.length;
        double xm = (n - 1) / 2.0;
        double ym = Arrays.stream(y).average().orElse(0);
        double slope = slope(y);
        double[] e = new double[n];
        for (int i = 0; i < n; i++) {
            e[i] = y[i] - ym - slope * (i - xm);
        }
        return e;
    }

    /** The least-squares slope of the values against their position. */
    private static double slope(double[] y) {
        int n = y.length;
        double xm = (n - 1) / 2.0;
        double ym = Arrays.stream(y).average().orElse(0);
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - xm) * (i - xm);
            sxy += (i - xm) * (y[i] - ym);
        }
        return sxy / sxx;
    }

    /** The t statistic of the least-squares slope of the values against their position. */
    static double slopeT(double[] y) {
        int n = y.length;
        double xm = (n - 1) / 2.0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - xm) * (i - xm);
        }
        double slope = slope(y);
        double sse = Arrays.stream(residuals(y)).map(e -> e * e).sum();
        double se = Math.sqrt(sse / (n - 2) / sxx);
        return se == 0 ? (slope == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, slope)) : slope / se;
    }

    static double lag1(double[] m) {
        double mean = Arrays.stream(m).average().orElse(0);
        double num = 0;
        double den = 0;
        for (int i = 0; i < m.length; i++) {
            den += (m[i] - mean) * (m[i] - mean);
            if (i > 0) {
                num += (m[i] - mean) * (m[i - 1] - mean);
            }
        }
        return den == 0 ? 0 : num / den;
    }
}
