package org.sfsbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

class ComparisonTest {
    private static Finding finding(Comparison c, Metric m) {
        return c.findings().stream().filter(f -> f.metric() == m).findFirst().orElseThrow();
    }

    /**
     * Two runs of one configuration, 400 times over: intervals correlated (AR(1), phi 0.3) and 3 %
     * noisy, 30 one-second intervals each. At 95 % confidence about 5 % of pairs may be called
     * faster or slower by chance; more than 8 % would mean batch means understate the noise. The
     * trend check may withhold a verdict (no estimate) for a few.
     */
    @Test
    void sameConfigurationIsWithinNoiseAlmostAlways() throws Exception {
        Random rnd = new Random(42);
        int alarms = 0;
        int noEstimate = 0;
        int meanAlarms = 0;
        int pairs = 400;
        for (int i = 0; i < pairs; i++) {
            LoadedRun a = SyntheticRuns.loaded(SyntheticRuns.run("a", rnd, 1000, 2.0, 30, 0.3, 30, "18"));
            LoadedRun b = SyntheticRuns.loaded(SyntheticRuns.run("b", rnd, 1000, 2.0, 30, 0.3, 30, "18"));
            Comparison c = Comparison.of(List.of(a, b), 0.95, false);
            Verdict mean = finding(c, Metric.MEAN).verdict();
            if (mean == Verdict.FASTER || mean == Verdict.SLOWER) {
                meanAlarms++;
            }
            Verdict v = finding(c, Metric.OPS).verdict();
            if (v == Verdict.FASTER || v == Verdict.SLOWER) {
                alarms++;
            } else if (v == Verdict.NO_ESTIMATE) {
                noEstimate++;
            }
        }
        double rate = alarms / (double) pairs;
        System.out.println("same configuration: " + alarms + " of " + pairs + " pairs called faster or slower, "
                + noEstimate + " without a noise estimate (a window judged not steady)");
        assertTrue(noEstimate <= pairs / 10, "no estimate for " + noEstimate);
        System.out.println("mean response time (log scale): " + meanAlarms + " of " + pairs + " called faster or slower");
        assertTrue(meanAlarms <= pairs * 0.08, "mean false alarms " + meanAlarms);
        assertTrue(rate <= 0.08, "false-alarm rate " + rate);
    }

    @Test
    void aTenPercentDropIsSlowerAlmostAlways() throws Exception {
        Random rnd = new Random(7);
        int found = 0;
        for (int i = 0; i < 100; i++) {
            LoadedRun a = SyntheticRuns.loaded(SyntheticRuns.run("a", rnd, 1000, 2.0, 30, 0.3, 30, "18"));
            LoadedRun b = SyntheticRuns.loaded(SyntheticRuns.run("b", rnd, 900, 2.4, 30, 0.3, 30, "18"));
            Comparison c = Comparison.of(List.of(a, b), 0.95, false);
            if (finding(c, Metric.OPS).verdict() == Verdict.SLOWER && finding(c, Metric.MEAN).verdict() == Verdict.SLOWER) {
                found++;
            }
        }
        assertTrue(found >= 95, "found " + found + " of 100");
    }

    @Test
    void aDifferentOpMixIsRefusedUnlessForced() throws Exception {
        Random rnd = new Random(1);
        LoadedRun a = SyntheticRuns.loaded(SyntheticRuns.run("a", rnd, 1000, 2.0, 30, 0.3, 30, "18"));
        LoadedRun b = SyntheticRuns.loaded(SyntheticRuns.run("b", rnd, 1000, 2.0, 30, 0.3, 30, "30"));
        Comparison.IncomparableException e = assertThrows(Comparison.IncomparableException.class,
                () -> Comparison.of(List.of(a, b), 0.95, false));
        assertTrue(e.getMessage().contains("op mix: READ 18.0 % vs 30.0 %"), e.getMessage());
        assertTrue(e.getMessage().contains("op mix: GETATTR 82.0 % vs 70.0 %"), e.getMessage());
        Comparison forced = Comparison.of(List.of(a, b), 0.95, true);
        assertEquals(2, forced.differences().size());
        assertTrue(CompareText.render(forced, List.of(a, b), 120).contains("NOT COMPARABLE (--force): a vs b: op mix: READ"));
    }

    @Test
    void theGateTripsOnlyBeyondThresholdAndNoise() throws Exception {
        Random rnd = new Random(3);
        LoadedRun a = SyntheticRuns.loaded(SyntheticRuns.run("a", rnd, 1000, 2.0, 30, 0.0, 30, "18"));
        LoadedRun slow = SyntheticRuns.loaded(SyntheticRuns.run("slow", rnd, 850, 2.0, 30, 0.0, 30, "18"));
        Gate gate = Gate.parse("ops/s < -5% or p99 > +10%");
        Comparison c = Comparison.of(List.of(a, slow), 0.95, false);
        List<String> trips = gate.trips(c);
        assertEquals(1, trips.size(), trips.toString());
        assertTrue(trips.get(0).contains("ops/s") && trips.get(0).contains("slower"), trips.get(0));
        // beyond the threshold but within the noise: a 6 % drop hidden in 30 % noise
        LoadedRun noisyA = SyntheticRuns.loaded(SyntheticRuns.run("na", new Random(5), 1000, 2.0, 20, 0.0, 300, "18"));
        LoadedRun noisyB = SyntheticRuns.loaded(SyntheticRuns.run("nb", new Random(6), 940, 2.0, 20, 0.0, 300, "18"));
        Comparison noisy = Comparison.of(List.of(noisyA, noisyB), 0.95, false);
        assertEquals(Verdict.WITHIN_NOISE, finding(noisy, Metric.OPS).verdict());
        assertTrue(gate.trips(noisy).isEmpty());
        // p99 has no per-interval samples: no noise estimate, so it cannot trip the gate
        assertEquals(Verdict.NO_ESTIMATE, finding(c, Metric.P99).verdict());
        assertThrows(IllegalArgumentException.class, () -> Gate.parse("ops/s less than 5"));
        assertThrows(IllegalArgumentException.class, () -> Gate.parse("iops < -5%"));
    }

    /**
     * A throttled server's response time swings by factors between batches (here 5 to 100 ms
     * against a steady 1.3 ms): on a linear scale that spread hides a twentyfold change; on the log
     * scale the test sees it.
     */
    @Test
    void aSwingingLatencyTwentyTimesHigherIsSlower() throws Exception {
        LoadedRun a = SyntheticRuns.loaded(SyntheticRuns.run("a", new Random(11), 40, 1.3, 30, 0.0, 1, "18"));
        RunResult swinging = SyntheticRuns.run("b", new Random(12), 40, 1.3, 30, 0.0, 1, "18").with(r -> {
            double[] batchMs = {5, 8, 12, 25, 45, 100};
            LoadPointResult p = r.loadPoints.get(0);
            List<IntervalPoint> iv = new java.util.ArrayList<>();
            for (int i = 0; i < p.intervals().size(); i++) {
                IntervalPoint x = p.intervals().get(i);
                iv.add(new IntervalPoint(x.timeSeconds(), x.opsPerSec(), batchMs[i / 5], x.p99Ms(), 0, 0));
            }
            r.loadPoints.set(0, p.with(b -> {
                b.intervals = iv;
                b.msecPerOp = 32.5;
            }));
        });
        Comparison c = Comparison.of(List.of(a, SyntheticRuns.loaded(swinging)), 0.95, false);
        assertEquals(Verdict.SLOWER, finding(c, Metric.MEAN).verdict(), c.findings().toString());
    }
}
