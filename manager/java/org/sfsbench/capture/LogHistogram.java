package org.sfsbench.capture;

/** Counts of non-negative values in power-of-two buckets: bucket i holds [2^(i-1), 2^i), bucket 0 [0, 1). */
public final class LogHistogram {
    final long[] counts = new long[64];
    long n;
    double sum;

    public void add(double v) {
        long x = (long) v;
        counts[x <= 0 ? 0 : 64 - Long.numberOfLeadingZeros(x)]++;
        n++;
        sum += v;
    }

    public double mean() {
        return n == 0 ? 0 : sum / n;
    }

    /** The upper bound of the bucket that holds quantile {@code q}. */
    public long quantileBound(double q) {
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return 1L << i;
            }
        }
        return 0;
    }
}
