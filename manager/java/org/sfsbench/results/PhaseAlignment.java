package org.sfsbench.results;

import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;

/**
 * The per-point check {@code phase-alignment}: the clients started WARMUP and RUN together, by the
 * manager's clock: the one farthest from the instant asked for within {@link #TOLERANCE_MS} plus
 * both offsets' uncertainties of the one nearest to it (docs/running.md, "Clocks"). Clients that
 * started apart measured different windows, so a point that fails is not disclosable. Stragglers (a slow answer, procs behind their
 * schedule) are named in the detail of a passing check.
 */
public final class PhaseAlignment {
    /** How far a client's phase start may be from the shared instant, beyond its uncertainty, ms. */
    public static final double TOLERANCE_MS = 20;
    /** A status answer slower than this names its client a straggler, ms. */
    public static final double STRAGGLER_MS = 1_000;

    private PhaseAlignment() {
    }

    /** The tolerance of one client's phase start (against a client known exactly), ms. */
    public static double toleranceMs(ClientClock c) {
        return TOLERANCE_MS + (Double.isNaN(c.uncertaintyMs()) ? 0 : c.uncertaintyMs());
    }

    public static RuleCheck check(List<LoadPointResult> points) {
        String what = "Every client starts WARMUP and RUN within " + RunRules.num(TOLERANCE_MS)
                + " ms plus the clock offsets' uncertainties of the others.";
        StringBuilder stragglers = new StringBuilder();
        for (LoadPointResult p : points) {
            for (String phase : List.of("WARMUP", "RUN")) {
                String apart = apart(p, phase);
                if (apart != null) {
                    return new RuleCheck("phase-alignment", what, false, apart);
                }
            }
            for (ClientThroughput c : p.clients()) {
                ClientClock k = c.clock();
                if (k != null && (k.slowestAnswerMs() > STRAGGLER_MS || k.behindProcs() > 0)) {
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

    /**
     * The client of point {@code p} that started {@code phase} farthest from the shared instant, if it
     * started apart from the client nearest to it (a busy host that wakes every client late alike
     * keeps them together); null when all started together.
     */
    private static String apart(LoadPointResult p, String phase) {
        ClientThroughput far = null;
        ClientThroughput near = null;
        for (ClientThroughput c : p.clients()) {
            double lag = lag(c, phase);
            if (Double.isNaN(lag)) {
                continue;
            }
            if (far == null || Math.abs(lag) > Math.abs(lag(far, phase))) {
                far = c;
            }
            if (near == null || Math.abs(lag) < Math.abs(lag(near, phase))) {
                near = c;
            }
        }
        if (far == null || far == near) {
            return null;
        }
        double gap = lag(far, phase) - lag(near, phase);
        double tolerance = toleranceMs(far.clock()) + uncertainty(near.clock());
        if (Math.abs(gap) <= tolerance) {
            return null;
        }
        return String.format(Locale.ROOT, "point %d: client %d %s started %s %.1f ms %s than client %d %s"
                + " (%+.1f ms from the instant, tolerance %.1f ms; clock offset %+.1f ms ± %.1f)", p.index(), far.number(),
                far.client(), phase, Math.abs(gap), gap < 0 ? "earlier" : "later", near.number(), near.client(),
                lag(far, phase), tolerance, far.clock().offsetMs(), far.clock().uncertaintyMs());
    }

    private static double lag(ClientThroughput c, String phase) {
        ClientClock k = c.clock();
        return k == null ? Double.NaN : phase.equals("RUN") ? k.runLagMs() : k.warmupLagMs();
    }

    private static double uncertainty(ClientClock c) {
        return Double.isNaN(c.uncertaintyMs()) ? 0 : c.uncertaintyMs();
    }
}
