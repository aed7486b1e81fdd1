package org.sfsbench.results.model;

import java.util.List;
import java.util.Locale;

/**
 * How a steady-state warm-up (WARMUP_TIME=steady, docs/steady-state.md) of a load point or step
 * ended: settled, or stopped at its cap without settling (the point is still measured, and marked).
 *
 * @param seconds         warm-up length from the start of WARMUP to the start of RUN
 * @param maxSeconds      WARMUP_MAX, the cap
 * @param settled         true when throughput and the percentile stopped drifting before the cap
 * @param percentile      the latency percentile judged, e.g. 99
 * @param throughputDrift at the end of warm-up: change of the ops/s line across the window / mean (NaN when
 *                        the detector never judged a full window with enough ops)
 * @param percentileDrift at the end: |newer half's percentile - older half's| / window's (NaN likewise)
 * @param meanDrift       at the end: |newer half's mean latency - older half's| / window's (NaN likewise)
 */
public record WarmupResult(double seconds, int maxSeconds, boolean settled, double percentile,
        double throughputDrift, double percentileDrift, double meanDrift) {

    /** Settled only when every trial's warm-up settled; the seconds are the trials' mean. */
    public static WarmupResult ofTrials(List<WarmupResult> trials) {
        WarmupResult last = trials.get(trials.size() - 1);
        boolean all = trials.stream().allMatch(WarmupResult::settled);
        double mean = trials.stream().mapToDouble(WarmupResult::seconds).average().orElse(Double.NaN);
        return new WarmupResult(mean, last.maxSeconds(), all, last.percentile(), last.throughputDrift(),
                last.percentileDrift(), last.meanDrift());
    }

    /**
     * e.g. "steady after 14 s (...)" or "did not settle within WARMUP_MAX=30 s (ops/s drift 2.1 %, p99 drift
     * 35.0 %, mean drift 4.0 %)"; the mean's drift is left out when unknown (a document without it).
     */
    public String text() {
        String p = percentile == Math.rint(percentile) ? String.valueOf((long) percentile) : String.valueOf(percentile);
        String drift = Double.isNaN(throughputDrift) ? "not judged: too few intervals or ops"
                : String.format(Locale.ROOT, "ops/s drift %.1f %%, p%s drift %.1f %%", 100 * throughputDrift, p,
                        100 * percentileDrift)
                        + (Double.isNaN(meanDrift) ? "" : String.format(Locale.ROOT, ", mean drift %.1f %%",
                                100 * meanDrift));
        return settled ? String.format(Locale.ROOT, "steady after %.0f s (%s)", seconds, drift)
                : String.format(Locale.ROOT, "did not settle within WARMUP_MAX=%d s (%s)", maxSeconds, drift);
    }
}
