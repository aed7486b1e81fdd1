package org.sfsbench.compare;

import java.util.Arrays;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.stats.BatchMeans;
import org.sfsbench.stats.Spread;

/**
 * The samples behind one figure of one point: the trials when there are two or more, else the
 * batch means of the point's intervals, else none (one value, no noise estimate).
 *
 * @param value the point's figure (the trials' mean with trials)
 * @param spread the samples' spread; n < 2 when there is no noise estimate
 * @param method what the samples are, or why there are none
 * @param samples the samples themselves
 */
public record Samples(double value, Spread spread, String method, double[] samples) {
    public static Samples of(LoadPointResult p, Metric m) {
        double value = m.of(p);
        if (p.trials().size() >= 2) {
            double[] v = p.trials().stream().mapToDouble(m::of).toArray();
            if (Arrays.stream(v).noneMatch(Double::isNaN)) {
                return new Samples(value, Spread.of(v), v.length + " trials", v);
            }
        }
        double[] intervals = m.intervals(p.intervals());
        if (intervals.length == 0) {
            String why = p.intervals().isEmpty() ? "no intervals (one number, no spread)"
                    : m.label() + " is not sampled per interval; run TRIALS > 1";
            return new Samples(value, Spread.of(new double[] {value}), why, new double[] {value});
        }
        String invalid = BatchMeans.invalidReason(intervals);
        if (invalid != null) {
            return new Samples(value, Spread.of(new double[] {value}), "no batch means: " + invalid,
                    new double[] {value});
        }
        double[] means = BatchMeans.of(intervals);
        Spread s = Spread.of(means);
        return new Samples(value, s, means.length + " batch means of " + intervals.length + " intervals"
                + (BatchMeans.trends(intervals) ? " (trending: conservative)" : ""), means);
    }

    /** The spread of the samples' natural logarithms (NaN for a sample at or below 0). */
    Spread logSpread() {
        return Spread.of(java.util.Arrays.stream(samples).map(x -> x > 0 ? Math.log(x) : Double.NaN).toArray());
    }

    boolean hasSpread() {
        return spread.n() >= 2;
    }

}
