package org.sfsbench.results;

import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;

/**
 * The per-point check {@code phase-alignment}: every client started WARMUP and RUN within
 * {@link #TOLERANCE_MS} plus its offset's uncertainty of the instant the manager asked for, by the
 * manager's clock (docs/running.md, "Clocks"). Clients that started apart measured different
 * windows, so a point that fails is not disclosable. Stragglers (a slow answer, procs behind their
 * schedule) are named in the detail of a passing check.
 */
public final class PhaseAlignment {
    /** How far a client's phase start may be from the shared instant, beyond its uncertainty, ms. */
    public static final double TOLERANCE_MS = 20;
    /** A status answer slower than this names its client a straggler, ms. */
    public static final double STRAGGLER_MS = 1_000;

    private PhaseAlignment() {
    }

    /** The tolerance of one client's phase start, ms. */
    public static double toleranceMs(ClientClock c) {
        return TOLERANCE_MS + (Double.isNaN(c.uncertaintyMs()) ? 0 : c.uncertaintyMs());
    }

    public static RuleCheck check(List<LoadPointResult> points) {
        String what = "Every client starts WARMUP and RUN within " + RunRules.num(TOLERANCE_MS)
                + " ms plus its clock offset's uncertainty of the shared instant.";
        StringBuilder stragglers = new StringBuilder();
        for (LoadPointResult p : points) {
            for (ClientThroughput c : p.clients()) {
                ClientClock k = c.clock();
                if (k == null) {
                    continue;
                }
                double lag = k.worstLagMs();
                if (!Double.isNaN(lag) && Math.abs(lag) > toleranceMs(k)) {
                    return new RuleCheck("phase-alignment", what, false, String.format(Locale.ROOT,
                            "point %d: client %d %s started %s %.1f ms %s (tolerance %.1f ms; clock offset %+.1f ms ± %.1f)",
                            p.index(), c.number(), c.client(), Math.abs(k.runLagMs()) == Math.abs(lag) ? "RUN" : "WARMUP",
                            Math.abs(lag), lag < 0 ? "early" : "late", toleranceMs(k), k.offsetMs(), k.uncertaintyMs()));
                }
                if (k.slowestAnswerMs() > STRAGGLER_MS || k.behindProcs() > 0) {
                    stragglers.append(String.format(Locale.ROOT, "; straggler at point %d: client %d %s", p.index(),
                            c.number(), c.client()));
                    if (k.slowestAnswerMs() > STRAGGLER_MS) {
                        stragglers.append(String.format(Locale.ROOT, " answered in %.1f s", k.slowestAnswerMs() / 1000));
                    }
                    if (k.behindProcs() > 0) {
                        stragglers.append(", ").append(k.behindProcs()).append(" procs over 1 s behind schedule");
                    }
                }
            }
        }
        return new RuleCheck("phase-alignment", what, true, "every client within tolerance" + stragglers);
    }
}
