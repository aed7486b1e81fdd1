package org.sfsbench.results;

import java.util.Locale;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.TrialResult;
import org.sfsbench.stats.Spread;

/** The trials of a point in sfsres and the interval a headline figure states with TRIALS > 1. */
public final class TrialsText {
    private static final String ROW = "    %-7s %12s %10s %10s %10s %12s%n";

    private TrialsText() {
    }

    /** The trials table and the spread of each figure; "" for a point measured once. */
    public static String table(LoadPointResult p) {
        if (p.trials().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "  Trials (%d, consecutive; figures above are their means)%n",
                p.trials().size()));
        b.append(String.format(Locale.ROOT, ROW, "Trial", "Ops/s", "MB/s", "Mean ms", "p99 ms", "Ops"));
        for (TrialResult t : p.trials()) {
            b.append(String.format(Locale.ROOT, ROW, t.trial(), f(t.achievedOpsPerSec(), 1),
                    f(t.throughputMBps(), 3), f(t.msecPerOp(), 3), f(t.p99Ms(), 3), t.totalOps()));
        }
        b.append(spreadLine("Ops/s", Trials.spread(p, TrialResult::achievedOpsPerSec), 1));
        b.append(spreadLine("Mean ms", Trials.spread(p, TrialResult::msecPerOp), 3));
        b.append(spreadLine("p99 ms", Trials.spread(p, TrialResult::p99Ms), 3));
        return b.toString();
    }

    /** e.g. " (95 % CI 980..1020 over 3 trials)" for a point's throughput; "" without trials. */
    public static String throughputInterval(LoadPointResult p) {
        if (p.trials().size() < 2) {
            return "";
        }
        Spread s = Trials.spread(p, TrialResult::achievedOpsPerSec);
        return String.format(Locale.ROOT, " (%.0f %% CI %.0f..%.0f ops/sec over %d trials)", s.confidence() * 100,
                s.ciLow(), s.ciHigh(), s.n());
    }

    /** e.g. " (95 % CI 40.1..41.3 MB/sec over 3 trials)" for a point's MB/s; "" without trials. */
    public static String mbpsInterval(LoadPointResult p) {
        if (p.trials().size() < 2) {
            return "";
        }
        Spread s = Trials.spread(p, TrialResult::throughputMBps);
        return Double.isNaN(s.ciLow()) ? "" : String.format(Locale.ROOT, " (%.0f %% CI %.3f..%.3f MB/sec over %d trials)",
                s.confidence() * 100, s.ciLow(), s.ciHigh(), s.n());
    }

    private static String spreadLine(String name, Spread s, int digits) {
        return String.format(Locale.ROOT, "    %-7s mean %s, sd %s, min %s, max %s, %.0f %% CI %s..%s%n", name,
                f(s.mean(), digits), f(s.sd(), digits), f(s.min(), digits), f(s.max(), digits), s.confidence() * 100,
                f(s.ciLow(), digits), f(s.ciHigh(), digits));
    }

    private static String f(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
