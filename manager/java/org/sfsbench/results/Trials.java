package org.sfsbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.TrialResult;
import org.sfsbench.results.model.WarmupResult;
import org.sfsbench.stats.Spread;

/**
 * A load point measured TRIALS times, as one result row: the sfssum figures (achieved ops/s,
 * msec/op, total ops, seconds, failed ops) and MB/s and p99 are the trials' means; the detail
 * (per-op table, errors, clients, intervals, CPU) is that of the median trial by achieved ops/s, a
 * real measurement rather than an average of tables; every trial is kept in {@code trials}.
 */
public final class Trials {
    private Trials() {
    }

    /** One point made of its trials in run order (one trial is returned as it is). */
    public static LoadPointResult combine(List<LoadPointResult> trials) {
        if (trials.size() == 1) {
            return trials.get(0);
        }
        List<TrialResult> each = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            each.add(TrialResult.of(i + 1, trials.get(i)));
        }
        List<LoadPointResult> byOps = new ArrayList<>(trials);
        byOps.sort(Comparator.comparingDouble(LoadPointResult::achievedOpsPerSec));
        LoadPointResult median = byOps.get((byOps.size() - 1) / 2);
        return median.with(b -> {
            b.startTime = trials.get(0).startTime();
            b.endTime = trials.get(trials.size() - 1).endTime();
            b.achievedOpsPerSec = mean(trials, LoadPointResult::achievedOpsPerSec);
            b.msecPerOp = mean(trials, LoadPointResult::msecPerOp);
            b.throughputMBps = mean(trials, LoadPointResult::throughputMBps);
            b.p99Ms = mean(trials, LoadPointResult::p99Ms);
            b.totalOps = Math.round(mean(trials, p -> p.totalOps()));
            b.failedOps = Math.round(mean(trials, p -> p.failedOps()));
            b.afterEndOps = Math.round(mean(trials, p -> p.afterEndOps()));
            b.seconds = mean(trials, LoadPointResult::seconds);
            b.passesDone = trials.stream().allMatch(LoadPointResult::passesDone);
            b.trials = each;
            List<WarmupResult> warmups = trials.stream().map(LoadPointResult::warmup).filter(w -> w != null).toList();
            b.warmup = warmups.isEmpty() ? null : WarmupResult.ofTrials(warmups);
        });
    }

    /** The spread over the trials of one figure of a point (n = 0 when the point has no trials). */
    public static Spread spread(LoadPointResult p, ToDoubleFunction<TrialResult> figure) {
        return Spread.of(p.trials().stream().mapToDouble(figure).toArray());
    }

    private static double mean(List<LoadPointResult> trials, ToDoubleFunction<LoadPointResult> f) {
        return trials.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
