package org.sfsbench.stats;

import java.io.Serializable;
import java.util.Arrays;

import org.sfsbench.engine.EngineFacts;
import org.sfsbench.engine.SampleLayout;

/**
 * The engine's log-linear latency histogram (microseconds, SFS_HIST_BUCKETS buckets), with the
 * engine's geometry (sfsengine.h, read through {@link EngineFacts}): with SFS_HIST_SUB = 32,
 * values below 64 us have their own bucket; above, every power of two is split into 32 equal
 * buckets, so a bucket is at most 1/32 (3.1 %) of its lower bound wide. Values past the last
 * bucket count in the last bucket.
 *
 * <p>Only the range of non-empty buckets is stored ({@link #firstBucket()} ..), so a histogram
 * of one load point is a few hundred words when it travels over RMI. Histograms from procs,
 * workers and clients are combined with {@link #merge}, a bucket-wise sum: percentiles of a
 * run are always read from the merged histogram, never averaged.
 */
public final class LatencyHistogram implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Number of buckets, SFS_HIST_BUCKETS. */
    public static final int BUCKETS = SampleLayout.HIST_BUCKETS;
    private static final int SUB_BITS = EngineFacts.integer("SFS_HIST_SUB_BITS");
    private static final int SUB = EngineFacts.integer("SFS_HIST_SUB");

    /** Index of counts[0]. */
    private int first;
    /** Counts of buckets first .. first + counts.length - 1; empty when the histogram is. */
    private long[] counts = new long[0];

    /** Bucket of a latency value in microseconds (negative values count as 0). */
    public static int bucketOf(long micros) {
        if (micros < SUB) {
            return (int) Math.max(0, micros);
        }
        int e = 63 - Long.numberOfLeadingZeros(micros);
        long b = SUB + (long) (e - SUB_BITS) * SUB + ((micros >>> (e - SUB_BITS)) - SUB);
        return (int) Math.min(BUCKETS - 1, b);
    }

    /** Smallest value (us) counted in bucket {@code i}. */
    public static long lowerBound(int i) {
        if (i < SUB) {
            return i;
        }
        return (long) (SUB + (i - SUB) % SUB) << ((i - SUB) / SUB);
    }

    /** Width (us) of bucket {@code i}: values lowerBound(i) .. lowerBound(i) + width - 1 land in it. */
    public static long width(int i) {
        return i < SUB ? 1 : 1L << ((i - SUB) / SUB);
    }

    /**
     * Histogram from the engine's SFS_HIST_BUCKETS bucket words starting at {@code offset} of
     * {@code words} (uint64 counts, stored in Java longs).
     */
    public static LatencyHistogram fromWords(long[] words, int offset) {
        int a = 0;
        int b = BUCKETS;
        while (a < b && words[offset + a] == 0) {
            a++;
        }
        while (b > a && words[offset + b - 1] == 0) {
            b--;
        }
        LatencyHistogram h = new LatencyHistogram();
        if (a < b) {
            h.first = a;
            h.counts = Arrays.copyOfRange(words, offset + a, offset + b);
        }
        return h;
    }

    /** Histogram of buckets {@code first ..} with {@code counts} (taken, not copied). */
    public static LatencyHistogram ofRange(int first, long[] counts) {
        if (first < 0 || first + counts.length > BUCKETS) {
            throw new IllegalArgumentException("buckets " + first + ".." + (first + counts.length - 1) + " outside 0.."
                    + (BUCKETS - 1));
        }
        LatencyHistogram h = new LatencyHistogram();
        if (counts.length > 0) {
            h.first = first;
            h.counts = counts;
        }
        return h;
    }

    /** Writes all SFS_HIST_BUCKETS buckets into {@code words} from {@code offset} (engine layout). */
    public void toWords(long[] words, int offset) {
        Arrays.fill(words, offset, offset + BUCKETS, 0L);
        System.arraycopy(counts, 0, words, offset + first, counts.length);
    }

    /** Counts one latency value. */
    public void add(long micros) {
        addToBucket(bucketOf(micros), 1);
    }

    /** Adds {@code n} (>= 0) to bucket {@code bucket}. */
    public void addToBucket(int bucket, long n) {
        if (bucket < 0 || bucket >= BUCKETS) {
            throw new IllegalArgumentException("bucket " + bucket + " outside 0.." + (BUCKETS - 1));
        }
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n + " for bucket " + bucket);
        }
        if (n == 0) {
            return;
        }
        ensureRange(bucket, bucket);
        counts[bucket - first] += n;
    }

    /** Count of bucket {@code i}. */
    public long bucket(int i) {
        int k = i - first;
        return k >= 0 && k < counts.length ? counts[k] : 0;
    }

    /** First bucket of the stored range (0 when empty). */
    public int firstBucket() {
        return first;
    }

    /** One past the last bucket of the stored range. */
    public int endBucket() {
        return first + counts.length;
    }

    /** Adds every bucket of {@code other} to this one. */
    public void merge(LatencyHistogram other) {
        for (int i = other.first; i < other.endBucket(); i++) {
            addToBucket(i, other.counts[i - other.first]);
        }
    }

    /** This histogram minus {@code earlier} (a cumulative histogram read before this one). */
    public LatencyHistogram minus(LatencyHistogram earlier) {
        LatencyHistogram d = copy();
        for (int i = earlier.first; i < earlier.endBucket(); i++) {
            long n = earlier.counts[i - earlier.first];
            if (n > d.bucket(i)) {
                throw new IllegalArgumentException("earlier histogram has " + n + " values in bucket " + i
                        + ", later only " + d.bucket(i) + ": samples are not cumulative or out of order");
            }
            if (n != 0) {
                d.counts[i - d.first] -= n;
            }
        }
        d.trim();
        return d;
    }

    /** Independent copy. */
    public LatencyHistogram copy() {
        LatencyHistogram c = new LatencyHistogram();
        c.first = first;
        c.counts = counts.clone();
        return c;
    }

    /** Number of values counted. */
    public long count() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /**
     * Latency (us) below which {@code p} percent of the values lie, interpolated linearly inside
     * the bucket: with n values and target rank t = p/100 * n, take the first bucket whose
     * cumulative count c reaches t (it holds the value of nearest rank ceil(t)), and return
     * lowerBound + (t - (c - count)) / count * width. The error against the exact value is below
     * one bucket width. Returns NaN when empty.
     *
     * @param p percentile in (0, 100]
     */
    public double percentile(double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile " + p + " outside (0, 100]");
        }
        long n = count();
        if (n == 0) {
            return Double.NaN;
        }
        double target = p / 100.0 * n;
        long cum = 0;
        for (int k = 0; k < counts.length; k++) {
            long c = counts[k];
            if (c == 0) {
                continue;
            }
            if (cum + c >= target) {
                int i = first + k;
                double frac = (target - cum) / c;
                return lowerBound(i) + frac * width(i);
            }
            cum += c;
        }
        int last = endBucket() - 1;
        return lowerBound(last) + width(last);
    }

    private void ensureRange(int lo, int hi) {
        if (counts.length == 0) {
            first = lo;
            counts = new long[hi - lo + 1];
            return;
        }
        int newFirst = Math.min(first, lo);
        int newEnd = Math.max(endBucket(), hi + 1);
        if (newFirst == first && newEnd == endBucket()) {
            return;
        }
        long[] grown = new long[newEnd - newFirst];
        System.arraycopy(counts, 0, grown, first - newFirst, counts.length);
        counts = grown;
        first = newFirst;
    }

    /** Drops empty buckets at both ends of the stored range. */
    private void trim() {
        int a = 0;
        int b = counts.length;
        while (a < b && counts[a] == 0) {
            a++;
        }
        while (b > a && counts[b - 1] == 0) {
            b--;
        }
        if (a == b) {
            counts = new long[0];
            first = 0;
        } else if (a > 0 || b < counts.length) {
            counts = Arrays.copyOfRange(counts, a, b);
            first += a;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LatencyHistogram)) {
            return false;
        }
        LatencyHistogram h = (LatencyHistogram) o;
        LatencyHistogram a = copy();
        LatencyHistogram b = h.copy();
        a.trim();
        b.trim();
        return a.first == b.first && Arrays.equals(a.counts, b.counts);
    }

    @Override
    public int hashCode() {
        LatencyHistogram a = copy();
        a.trim();
        return 31 * a.first + Arrays.hashCode(a.counts);
    }
}
