package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class SteadyStateTest {
    /** One second of {@code ops} ops, latencies log-normal around {@code medianUs}. */
    private static LatencyHistogram second(Random rnd, long ops, double medianUs) {
        LatencyHistogram h = new LatencyHistogram();
        for (long i = 0; i < ops; i++) {
            h.add(Math.round(medianUs * Math.exp(0.4 * rnd.nextGaussian())));
        }
        return h;
    }

    /** Feeds {@code seconds} intervals; returns the interval (1-based) the detector settled at, or 0. */
    private static int settleAt(SteadyState d, int seconds, java.util.function.IntToLongFunction ops,
            java.util.function.IntToDoubleFunction medianUs, long seed) {
        Random rnd = new Random(seed);
        for (int s = 1; s <= seconds; s++) {
            long n = ops.applyAsLong(s);
            if (d.add(1.0, n, second(rnd, n, medianUs.applyAsDouble(s))).settled()) {
                return s;
            }
        }
        return 0;
    }

    @Test
    void steadyLoadSettlesAsSoonAsTheWindowIsFull() {
        Random noise = new Random(7);
        int at = settleAt(new SteadyState(99), 60, s -> 2000 + noise.nextInt(100) - 50, s -> 500, 1);
        assertEquals(SteadyState.WINDOW, at);
    }

    @Test
    void rampingThroughputNeverSettles() {
        // a closed loop speeding up as caches fill: +1 % ops/s a second, latency steady
        SteadyState d = new SteadyState(99);
        assertEquals(0, settleAt(d, 120, s -> Math.round(1000 * Math.pow(1.01, s)), s -> 500, 2));
        SteadyState.Judgement j = d.judge();
        assertFalse(j.settled());
        assertTrue(j.throughputDrift() > SteadyState.THROUGHPUT_TOLERANCE, j.toString());
        assertTrue(j.reason().startsWith("drifting: ops/s"), j.reason());
    }

    @Test
    void growingTailLatencyNeverSettlesThoughThroughputIsFlat() {
        // open loop: paced ops/s are flat while the server's queue (and p99) keeps growing
        SteadyState d = new SteadyState(99);
        assertEquals(0, settleAt(d, 120, s -> 2000, s -> 300 * Math.pow(1.03, s), 3));
        SteadyState.Judgement j = d.judge();
        assertTrue(j.throughputDrift() <= SteadyState.THROUGHPUT_TOLERANCE, j.toString());
        assertTrue(j.percentileDrift() > SteadyState.PERCENTILE_TOLERANCE, j.toString());
    }

    @Test
    void aMeanDriftingUnderAStallDominatedTailNeverSettles() {
        // flat ops/s; 2 % of the ops are held by 50 ms stalls (the p99 is the stall, steady) while the
        // rest queue longer and longer: from 1 ms, 5 % more every second, the mean with it
        SteadyState d = new SteadyState(99);
        Random rnd = new Random(9);
        for (int s = 1; s <= 40; s++) {
            LatencyHistogram h = second(rnd, 1960, 1000 * Math.pow(1.05, s));
            for (int k = 0; k < 40; k++) {
                h.add(50_000 + rnd.nextInt(1000));
            }
            assertFalse(d.add(1.0, 2000, h).settled(), "settled at " + s + ": " + d.judge());
        }
        SteadyState.Judgement j = d.judge();
        assertTrue(j.throughputDrift() <= SteadyState.THROUGHPUT_TOLERANCE, j.toString());
        assertTrue(j.percentileDrift() <= SteadyState.PERCENTILE_TOLERANCE, j.toString());
        assertTrue(j.meanDrift() > SteadyState.MEAN_TOLERANCE, j.toString());
        assertTrue(j.reason().contains("mean"), j.reason());
    }

    @Test
    void settlesOnceARampEnds() {
        // 30 s of ramp (cold cache), then flat: settles within a window of the ramp's end
        int at = settleAt(new SteadyState(99), 120, s -> s < 30 ? 500 + 50L * s : 2000, s -> s < 30 ? 2000 - 50 * s : 500, 4);
        assertTrue(at >= 30 && at <= 30 + SteadyState.WINDOW, "settled at " + at);
    }

    @Test
    void theWindowGrowsUntilEachHalfHoldsEnoughOpsForThePercentile() {
        // 40 ops/s: p99 needs 1000 ops per half, so 25 s per half, a window of 50 intervals
        int at = settleAt(new SteadyState(99), 80, s -> 40, s -> 500, 5);
        assertEquals(50, at);
        SteadyState d = new SteadyState(99.9);
        assertEquals(0, settleAt(d, 80, s -> 40, s -> 500, 6));
        assertTrue(d.judge().reason().contains("too few ops for the p99.9"), d.judge().reason());
    }

    @Test
    void noOpsIsNotSteady() {
        assertEquals(0, settleAt(new SteadyState(50), 30, s -> s < 5 ? 100 : 0, s -> 500, 8));
    }

    @Test
    void refusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> new SteadyState(100));
        assertThrows(IllegalArgumentException.class, () -> new SteadyState(0));
        SteadyState d = new SteadyState(99);
        assertThrows(IllegalArgumentException.class, () -> d.add(0, 1, new LatencyHistogram()));
    }
}
