package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NoiseStatsTest {
    @Test
    void studentTMatchesTables() {
        assertEquals(12.706, StudentT.quantile(0.95, 1), 0.001);
        assertEquals(2.776, StudentT.quantile(0.95, 4), 0.001);
        assertEquals(2.262, StudentT.quantile(0.95, 9), 0.001);
        assertEquals(1.984, StudentT.quantile(0.95, 100), 0.001);
        assertEquals(0.05, StudentT.twoSidedP(2.776445, 4), 1e-4);
    }

    @Test
    void spreadOfThreeTrialsContainsTheirMean() {
        Spread s = Spread.of(new double[] {990, 1010, 1003});
        assertEquals(1001, s.mean(), 1e-9);
        assertEquals(10.149, s.sd(), 0.001);
        assertTrue(s.ciLow() < s.mean() && s.mean() < s.ciHigh());
        assertEquals(4.303 * s.sd() / Math.sqrt(3), s.halfWidth(), 0.01);
        assertTrue(Double.isNaN(Spread.of(new double[] {5}).sd()), "one sample has no spread");
    }

    @Test
    void batchMeansNeedEnoughUncorrelatedIntervals() {
        assertEquals(0, BatchMeans.of(new double[19]).length);
        assertEquals(4, BatchMeans.of(new double[20]).length);
        assertEquals(10, BatchMeans.of(new double[60]).length);
        double[] flatNoise = new double[40];
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < flatNoise.length; i++) {
            flatNoise[i] = 1000 + 30 * r.nextGaussian();
        }
        assertNull(BatchMeans.invalidReason(flatNoise));
        double[] trend = new double[20];
        for (int i = 0; i < trend.length; i++) {
            trend[i] = 500 + 50 * i;
        }
        assertNull(BatchMeans.invalidReason(trend), "a ramp widens the spread: conservative, still valid");
        assertTrue(BatchMeans.trends(trend) && !BatchMeans.trends(flatNoise));
        // a plateau in the middle of the window (10 batches of 6: 3 low, 4 high, 3 low)
        double[] plateau = new double[60];
        for (int i = 0; i < plateau.length; i++) {
            plateau[i] = i >= 18 && i < 42 ? 1100 : 900;
        }
        assertNotNull(BatchMeans.invalidReason(plateau), "a change of level as long as the window is no noise");
    }

    @Test
    void welchSeesAShiftAndNotItsAbsence() {
        Spread a = Spread.of(new double[] {100, 102, 98, 101, 99});
        Spread b = Spread.of(new double[] {90, 92, 88, 91, 89});
        assertTrue(Welch.test(a, b).significant(0.95));
        Spread c = Spread.of(new double[] {101, 99, 100, 98, 102});
        assertTrue(!Welch.test(a, c).significant(0.95));
    }
}
