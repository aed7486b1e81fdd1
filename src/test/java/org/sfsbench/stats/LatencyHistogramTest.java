package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void bucketMappingFollowsSfsengineH() {
        assertEquals(0, LatencyHistogram.bucketOf(0));
        assertEquals(31, LatencyHistogram.bucketOf(31));
        assertEquals(32, LatencyHistogram.bucketOf(32));
        assertEquals(63, LatencyHistogram.bucketOf(63));
        // e = 6: width 2
        assertEquals(64, LatencyHistogram.bucketOf(64));
        assertEquals(64, LatencyHistogram.bucketOf(65));
        assertEquals(65, LatencyHistogram.bucketOf(66));
        assertEquals(95, LatencyHistogram.bucketOf(127));
        // e = 7: width 4
        assertEquals(96, LatencyHistogram.bucketOf(128));
        // 1000 us: e = 9, 1000 >> 4 = 62 -> 32 + 4*32 + 30 = 190
        assertEquals(190, LatencyHistogram.bucketOf(1000));
        assertEquals(992, LatencyHistogram.lowerBound(190));
        assertEquals(16, LatencyHistogram.width(190));
        // beyond the last bucket
        assertEquals(1023, LatencyHistogram.bucketOf(Long.MAX_VALUE));
        assertEquals(0, LatencyHistogram.bucketOf(-5));
    }

    @Test
    void everyBucketCoversExactlyItsRange() {
        for (int i = 0; i < LatencyHistogram.BUCKETS - 1; i++) {
            long lo = LatencyHistogram.lowerBound(i);
            long w = LatencyHistogram.width(i);
            assertEquals(i, LatencyHistogram.bucketOf(lo), "lower bound of " + i);
            assertEquals(i, LatencyHistogram.bucketOf(lo + w - 1), "upper end of " + i);
            assertEquals(lo + w, LatencyHistogram.lowerBound(i + 1), "bucket " + i + " touches the next");
        }
    }

    @Test
    void percentilesStayWithinOneBucketOfBruteForce() {
        Random rnd = new Random(42);
        int n = 50_000;
        long[] values = new long[n];
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < n; i++) {
            // log-normal around 2 ms with a long tail, like server latencies
            values[i] = (long) Math.exp(Math.log(2000) + rnd.nextGaussian() * 1.2);
            h.add(values[i]);
        }
        Arrays.sort(values);
        assertEquals(n, h.count());
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            long exact = values[(int) Math.ceil(p / 100 * n) - 1];
            double got = h.percentile(p);
            int b = LatencyHistogram.bucketOf(exact);
            assertTrue(got >= LatencyHistogram.lowerBound(b)
                    && got <= LatencyHistogram.lowerBound(b) + LatencyHistogram.width(b),
                    "p" + p + ": histogram " + got + " not in the bucket of exact " + exact);
            assertTrue(Math.abs(got - exact) <= exact / 32.0 + 1, "p" + p + " error beyond 1/32: " + got + " vs " + exact);
        }
    }

    @Test
    void interpolationInsideABucket() {
        LatencyHistogram h = new LatencyHistogram();
        // four values in bucket 190 (992..1007 us), width 16
        for (int i = 0; i < 4; i++) {
            h.add(1000);
        }
        // p50: target rank 2 of 4 -> 992 + 2/4 * 16 = 1000
        assertEquals(1000.0, h.percentile(50), 1e-9);
        // p100: 992 + 16 = 1008
        assertEquals(1008.0, h.percentile(100), 1e-9);
        assertTrue(Double.isNaN(new LatencyHistogram().percentile(50)));
        assertThrows(IllegalArgumentException.class, () -> h.percentile(0));
    }

    @Test
    void mergeIsBucketwiseSumAndAssociative() {
        Random rnd = new Random(7);
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        LatencyHistogram c = new LatencyHistogram();
        LatencyHistogram all = new LatencyHistogram();
        LatencyHistogram[] parts = {a, b, c};
        for (int i = 0; i < 3000; i++) {
            long v = (long) (rnd.nextDouble() * rnd.nextDouble() * 5_000_000);
            parts[i % 3].add(v);
            all.add(v);
        }
        LatencyHistogram left = a.copy();
        left.merge(b);
        left.merge(c);
        LatencyHistogram bc = b.copy();
        bc.merge(c);
        LatencyHistogram right = a.copy();
        right.merge(bc);
        assertEquals(all, left);
        assertEquals(all, right);
        assertEquals(3000, left.count());
        assertEquals(all.percentile(99), right.percentile(99), 0.0);
    }

    @Test
    void minusUndoesMergeAndRejectsNonCumulative() {
        LatencyHistogram early = new LatencyHistogram();
        early.add(10);
        early.add(5000);
        LatencyHistogram late = early.copy();
        late.add(5000);
        late.add(70_000);
        LatencyHistogram d = late.minus(early);
        assertEquals(2, d.count());
        assertEquals(1, d.bucket(LatencyHistogram.bucketOf(5000)));
        assertEquals(1, d.bucket(LatencyHistogram.bucketOf(70_000)));
        assertEquals(0, d.bucket(10));
        assertThrows(IllegalArgumentException.class, () -> early.minus(late));
    }

    @Test
    void wordsRoundTripKeepsOnlyTheUsedRange() {
        long[] w = new long[LatencyHistogram.BUCKETS + 5];
        w[5 + 100] = 3;
        w[5 + 400] = 7;
        LatencyHistogram h = LatencyHistogram.fromWords(w, 5);
        assertEquals(100, h.firstBucket());
        assertEquals(401, h.endBucket());
        assertEquals(10, h.count());
        long[] back = new long[LatencyHistogram.BUCKETS + 5];
        h.toWords(back, 5);
        assertTrue(Arrays.equals(w, back));
    }
}
