package org.sfsbench.cli;

import java.util.Locale;

import org.sfsbench.rc.RunConfig;
import org.sfsbench.rc.TopSpeed;
import org.sfsbench.report.text.Reflow;
import org.sfsbench.slo.Slo;
import org.sfsbench.slo.SloSearch;

/** The SLO search in {@code sfs plan}: the bracket's source, precision, confirmations, sample rule, duration. */
final class SloPlanText {
    /** The pause while the clients change settings between two steps (RunManager's barrier lead). */
    private static final double STEP_CHANGE_SECONDS = 1.5;

    private SloPlanText() {
    }

    static String of(RunConfig c, int width) {
        TopSpeed ts = c.topSpeed();
        Slo slo = ts.slo();
        int ramp = ts.steps() == null ? c.warmupTime() : ts.steps().rampSeconds();
        int measure = ts.steps() == null ? c.runtime() : ts.steps().measureSeconds();
        boolean access = c.access() != null;
        int procs = access ? c.accessStep(1).targets() : ts.steps() == null ? c.procs() : ts.steps().max();
        int bisect = SloSearch.bisections(slo.precisionPct());
        int usual = 1 + bisect + slo.confirm();
        int cap = SloSearch.maxProbes(slo);
        double probe = ramp + measure + STEP_CHANGE_SECONDS;
        double worstProbe = (ramp + STEP_CHANGE_SECONDS) * SloSearch.LENGTHEN_FACTOR
                + measure * SloSearch.LENGTHEN_FACTOR;
        StringBuilder sb = new StringBuilder();
        sb.append(Reflow.field("SLO", slo.text() + " (latency from each op's intended start, all clients' histograms"
                + " merged)", width));
        sb.append(Reflow.field("SLO bracket", "from 0 to the unpaced top speed measured by the "
                + (access ? "access step above, run unpaced first" : (ts.steps() == null ? "max step" : "procs steps")
                + " above"), width));
        String who = access ? String.format(Locale.ROOT, "%d workers (each an open loop at its share of the rate,"
                + " at most its %d outstanding I/Os in flight)", procs, c.accessStep(1).outstandingIos())
                : procs + " procs";
        sb.append(Reflow.field("SLO probes", String.format(Locale.ROOT, "paced on all %s of each of %d"
                + " client(s): first at the top speed, then bisecting the bracket until it is at most %s %% of the top"
                + " speed wide (SLO_PRECISION: %d bisections), then the best passing rate repeated %d time(s)"
                + " (SLO_CONFIRM; all must pass, else the search goes on below it); a fail on latency whose median op"
                + " meets the bound (a stall, not a server behind) is measured again as long and judged on both windows;"
                + " usually %d probes, at most %d",
                who, c.clients().size(), num(slo.precisionPct()), bisect, slo.confirm(), usual, cap), width));
        sb.append(Reflow.field("SLO samples", String.format(Locale.ROOT, "a probe is judged on at least %,d ops"
                + " (a percentile q needs n >= 100 / (1 - q), 100 ops beyond it; the mean 100): its first window is as"
                + " long as that takes at its rate, and with fewer it is lengthened by further windows at the same"
                + " rate, up to %d x %d s measured", slo.samplesNeeded(),
                SloSearch.LENGTHEN_FACTOR, measure), width));
        sb.append(Reflow.field("SLO duration", String.format(Locale.ROOT, "after the top speed: usually %d probes x"
                + " %.1f s (ramp %d s + measured %d s + %.1f s step change) = %s; worst case %d probes each"
                + " lengthened %d x = %s", usual, probe, ramp, measure, STEP_CHANGE_SECONDS, time(usual * probe), cap,
                SloSearch.LENGTHEN_FACTOR, time(cap * worstProbe)), width));
        return sb.toString();
    }

    private static String time(double seconds) {
        long s = Math.round(seconds);
        return s < 120 ? s + " s" : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
