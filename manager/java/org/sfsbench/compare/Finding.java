package org.sfsbench.compare;

import org.sfsbench.stats.Welch;

/**
 * One figure of one aligned point, a run against the baseline.
 *
 * @param point the aligned point's label
 * @param metric the figure
 * @param run the compared run's name
 * @param base the baseline's value
 * @param value the run's value
 * @param changePercent (value - base) / base * 100, NaN when either is unknown or base is 0
 * @param baseSamples what the baseline's noise estimate is made of
 * @param runSamples what the run's noise estimate is made of
 * @param p Welch's two-sided p, NaN when not tested
 * @param verdict faster, slower, within noise, or why there is none
 */
public record Finding(String point, Metric metric, String run, double base, double value, double changePercent,
        String baseSamples, String runSamples, double p, Verdict verdict) {

    /**
     * Judges {@code b} against {@code a} at {@code confidence} with Welch's t test: on the samples
     * for throughput, on their logarithms for response time and CPU per op, which are positive,
     * skewed and change by factors (a slowed server's latency swings between 5 and 100 ms).
     */
    static Finding judge(String point, Metric m, String run, Samples a, Samples b, double confidence) {
        double change = Double.isNaN(a.value()) || Double.isNaN(b.value()) || a.value() == 0 ? Double.NaN
                : (b.value() - a.value()) / Math.abs(a.value()) * 100;
        if (Double.isNaN(a.value()) || Double.isNaN(b.value())) {
            return new Finding(point, m, run, a.value(), b.value(), change, a.method(), b.method(), Double.NaN,
                    Verdict.MISSING);
        }
        if (!a.hasSpread() || !b.hasSpread()) {
            return new Finding(point, m, run, a.value(), b.value(), change, a.method(), b.method(), Double.NaN,
                    Verdict.NO_ESTIMATE);
        }
        Welch w = m.higherIsBetter() ? Welch.test(a.spread(), b.spread()) : Welch.test(a.logSpread(), b.logSpread());
        Verdict v;
        if (!w.significant(confidence)) {
            v = Verdict.WITHIN_NOISE;
        } else {
            boolean up = b.spread().mean() > a.spread().mean();
            v = up == m.higherIsBetter() ? Verdict.FASTER : Verdict.SLOWER;
        }
        return new Finding(point, m, run, a.value(), b.value(), change, a.method(), b.method(), w.p(), v);
    }
}
