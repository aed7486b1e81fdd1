package org.sfsbench.stats;

import java.util.Arrays;

/**
 * The spread of a few samples of one quantity (the trials of a point, or the batch means of its
 * intervals): mean, sample standard deviation, extremes and the two-sided Student-t confidence
 * interval of the mean. With one sample the deviation and interval are NaN: one number has no spread.
 *
 * @param n samples
 * @param mean arithmetic mean
 * @param sd sample standard deviation (n - 1)
 * @param min smallest sample
 * @param max largest sample
 * @param ciLow lower end of the confidence interval of the mean
 * @param ciHigh upper end
 * @param confidence the interval's confidence, e.g. 0.95
 */
public record Spread(int n, double mean, double sd, double min, double max, double ciLow, double ciHigh,
        double confidence) {
    /** The confidence every published interval uses. */
    public static final double CONFIDENCE = 0.95;

    public static Spread of(double[] samples) {
        return of(samples, CONFIDENCE);
    }

    public static Spread of(double[] samples, double confidence) {
        double[] v = Arrays.stream(samples).filter(d -> !Double.isNaN(d)).toArray();
        int n = v.length;
        if (n == 0) {
            return new Spread(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, confidence);
        }
        double mean = Arrays.stream(v).sum() / n;
        double min = Arrays.stream(v).min().orElseThrow();
        double max = Arrays.stream(v).max().orElseThrow();
        if (n == 1) {
            return new Spread(1, mean, Double.NaN, min, max, Double.NaN, Double.NaN, confidence);
        }
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double half = StudentT.quantile(confidence, n - 1) * sd / Math.sqrt(n);
        return new Spread(n, mean, sd, min, max, mean - half, mean + half, confidence);
    }

    /** Half the width of the interval (NaN with one sample). */
    public double halfWidth() {
        return (ciHigh - ciLow) / 2;
    }

    /** Standard error of the mean, sd / sqrt(n). */
    public double standardError() {
        return sd / Math.sqrt(n);
    }
}
