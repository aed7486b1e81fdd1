package org.sfsbench.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.stats.OpCounters;

/**
 * The measured windows of one probe, merged, and how sure a verdict on them is (docs/slo.md,
 * "Judging"). A term's verdict is uncertain when its bound lies inside
 * <ul>
 * <li>the 95 % order-statistic interval of its percentile on all windows merged: with n samples,
 * the values at ranks n(q -/+ 1.96 sqrt(q(1-q)/n)) (the binomial interval of the rank of the
 * q-quantile), the sampling error of one window of independent ops; or</li>
 * <li>the range of the windows' own values of the statistic, when there are several: windows at one
 * rate that disagree about the bound are the noise between windows (stalls, a server whose latency
 * moves), which the first interval does not see.</li>
 * </ul>
 */
final class ProbeWindows {
    /** Two-sided 95 % normal quantile. */
    static final double Z = 1.96;

    private final List<OpCounters> windows = new ArrayList<>();
    private OpCounters all;
    private double seconds;
    private long failed;

    void add(OpCounters w, double s, long failedOps) {
        if (all == null) {
            all = new OpCounters(w.opId());
        }
        all.merge(w);
        windows.add(w.copy());
        seconds += s;
        failed += failedOps;
    }

    /** Adds every window of {@code other}. */
    void addAll(ProbeWindows other) {
        for (OpCounters w : other.windows) {
            add(w, 0, 0);
        }
        seconds += other.seconds;
        failed += other.failed;
    }

    OpCounters all() {
        return all;
    }

    int count() {
        return windows.size();
    }

    double seconds() {
        return seconds;
    }

    long failed() {
        return failed;
    }

    /** The 95 % order-statistic interval of a percentile term on all windows merged, us: {low, high}. */
    double[] interval(SloTerm t) {
        double q = t.percentile() / 100;
        double h = Z * Math.sqrt(q * (1 - q) / Math.max(1, all.ops()));
        return new double[] {all.percentileUs(Math.max(q - h, 1e-9) * 100), all.percentileUs(Math.min(q + h, 1) * 100)};
    }

    /** Why the verdict on term {@code t} is not sure yet, or null when it is. */
    String uncertainty(SloTerm t) {
        if (!t.isMean()) {
            double[] ci = interval(t);
            if (ci[0] <= t.boundUs() && t.boundUs() < ci[1]) {
                return String.format(Locale.ROOT, "%s 95 %% interval %.3f..%.3f ms holds the bound %s", t.statistic(),
                        ci[0] / 1000, ci[1] / 1000, t.boundText());
            }
        }
        if (windows.size() > 1) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (OpCounters w : windows) {
                if (w.ops() < t.samplesNeeded()) {
                    continue; // a short window's own percentile is not evidence
                }
                double v = t.measuredUs(w);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            if (lo < hi && lo <= t.boundUs() && t.boundUs() < hi) {
                return String.format(Locale.ROOT, "the windows' %s %.3f..%.3f ms straddle the bound %s", t.statistic(),
                        lo / 1000, hi / 1000, t.boundText());
            }
        }
        return null;
    }
}
