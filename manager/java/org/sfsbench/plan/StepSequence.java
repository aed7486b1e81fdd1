package org.sfsbench.plan;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.rc.TopSpeed;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.slo.SloSearch;
import org.sfsbench.stats.OpCounters;

/**
 * The steps of a LOAD=max run, decided as results come in: first the search for the maximum (one
 * unpaced step of PROCS procs, or the STEP_PROCS ramp, which stops early when a step adds less than
 * PLATEAU_PCT), then the CURVE_PCTS points paced at those percentages of the maximum, which stop
 * early after a point whose mean response time passes CURVE_MAX_MSEC, or, with an SLO, the probes of
 * {@link SloSearch} below the maximum. Curve points and probes use every proc.
 */
public final class StepSequence {
    /** Growth below which a step no longer counts as adding throughput, when PLATEAU_PCT is unset. */
    public static final double KNEE_PCT_DEFAULT = 5.0;

    private final TopSpeed ts;
    private final int clients;
    private final int rampSeconds;
    private final int measureSeconds;
    private final List<Integer> searchCounts;
    private final List<Step> steps = new ArrayList<>();
    private final List<Double> opsPerSec = new ArrayList<>();
    private final List<Double> meanMs = new ArrayList<>();
    private boolean searchDone;
    private int curveNext;
    private String plateauReason = "";
    private String curveReason = "";
    private SloSearch slo;

    /**
     * @param procs   PROCS (procs per client; the maximum of STEP_PROCS when set)
     * @param clients number of clients
     * @param warmup  WARMUP_TIME, the ramp of a step when STEP_PROCS is unset
     * @param runtime RUNTIME, the measured time of a step when STEP_PROCS is unset
     */
    public StepSequence(TopSpeed ts, int procs, int clients, int warmup, int runtime) {
        this.ts = ts;
        this.clients = clients;
        TopSpeed.StepProcs sp = ts.steps();
        this.rampSeconds = sp == null ? warmup : sp.rampSeconds();
        this.measureSeconds = sp == null ? runtime : sp.measureSeconds();
        this.searchCounts = sp == null ? List.of(procs) : sp.counts();
    }

    /** The next step to run, or null when the run is complete. */
    public Step next() {
        int index = steps.size() + 1;
        if (!searchDone) {
            int k = steps.size();
            if (k < searchCounts.size()) {
                Step s = new Step(index, ts.steps() == null ? Step.Kind.MAX : Step.Kind.PROCS, searchCounts.get(k), 0,
                        0, rampSeconds, measureSeconds);
                steps.add(s);
                return s;
            }
            searchDone = true;
        }
        if (ts.slo() != null) {
            return nextProbe(index);
        }
        if (curveNext >= ts.curvePcts().size() || !curveReason.isEmpty()) {
            return null;
        }
        int pct = ts.curvePcts().get(curveNext++);
        // paced points run on all procs: the most headroom to keep the schedule
        int p = searchCounts.get(searchCounts.size() - 1);
        double rate = maximum() * pct / 100.0 / ((double) p * clients);
        Step s = new Step(index, Step.Kind.CURVE, p, rate, pct, rampSeconds, measureSeconds);
        steps.add(s);
        return s;
    }

    private Step nextProbe(int index) {
        int p = searchCounts.get(searchCounts.size() - 1);
        if (slo == null) {
            slo = new SloSearch(ts.slo(), maximum(), bestSearchStep() + 1, measureSeconds,
                    measureSeconds * SloSearch.LENGTHEN_FACTOR);
        }
        SloSearch.Request q = slo.next();
        if (q == null) {
            return null;
        }
        Step s = new Step(index, Step.Kind.PROBE, p, q.rate() / ((double) p * clients), 0, rampSeconds, q.seconds());
        steps.add(s);
        return s;
    }

    /** The request behind the probe step {@link #next()} returned last. */
    public SloSearch.Request probe() {
        return slo.next();
    }

    /**
     * Records the measured window of the probe step {@link #next()} returned last (all ops of all
     * clients); returns the judged probe, or null when the probe is lengthened for more samples.
     */
    public SloProbeResult recordProbe(OpCounters all, double seconds, long failedOps) {
        int before = slo.result().probes().size();
        slo.measured(all, seconds, failedOps);
        List<SloProbeResult> probes = slo.result().probes();
        return probes.size() > before ? probes.get(probes.size() - 1) : null;
    }

    /** The SLO search's outcome, or null without an SLO or before it began. */
    public SloResult sloResult() {
        return slo == null ? null : slo.result();
    }

    /** Records the measured result of the step {@link #next()} returned last. */
    public void record(double ops, double msecPerOp) {
        opsPerSec.add(ops);
        meanMs.add(msecPerOp);
        Step s = steps.get(steps.size() - 1);
        int k = opsPerSec.size() - 1;
        if (s.kind() == Step.Kind.PROCS && ts.plateauPct() > 0 && k > 0
                && gainPct(k) < ts.plateauPct()) {
            plateauReason = String.format(java.util.Locale.ROOT,
                    "plateau: %d procs per client added %.1f %% over %d (PLATEAU_PCT=%s)", s.procsPerClient(),
                    gainPct(k), steps.get(k - 1).procsPerClient(), fmt(ts.plateauPct()));
            searchDone = true;
        }
        if (s.kind() == Step.Kind.CURVE && ts.curveMaxMsec() > 0 && msecPerOp > ts.curveMaxMsec()) {
            curveReason = String.format(java.util.Locale.ROOT,
                    "response time: %.2f msec/op at %d %% passed CURVE_MAX_MSEC=%s", msecPerOp, s.curvePct(),
                    fmt(ts.curveMaxMsec()));
        }
    }

    /** Why the steps ended before the plan's last one, or "" if they did not. */
    public String stopReason() {
        return plateauReason.isEmpty() ? curveReason : curveReason.isEmpty() ? plateauReason
                : plateauReason + "; " + curveReason;
    }

    /** Highest ops/s of the search steps (0 before any). */
    public double maximum() {
        return searchStepCount() == 0 ? 0 : opsPerSec.get(bestSearchStep());
    }

    /**
     * Index (0-based, among all steps) of the knee of the procs ramp: the last step before the first
     * one that added less than PLATEAU_PCT (or {@link #KNEE_PCT_DEFAULT} %); -1 if throughput kept
     * growing or there was no ramp.
     */
    public int knee() {
        if (ts.steps() == null) {
            return -1;
        }
        double limit = ts.plateauPct() > 0 ? ts.plateauPct() : KNEE_PCT_DEFAULT;
        int n = searchStepCount();
        for (int k = 1; k < n; k++) {
            if (gainPct(k) < limit) {
                return k - 1;
            }
        }
        return -1;
    }

    private double gainPct(int k) {
        double prev = opsPerSec.get(k - 1);
        return prev > 0 ? (opsPerSec.get(k) - prev) * 100.0 / prev : Double.POSITIVE_INFINITY;
    }

    private int searchStepCount() {
        int n = 0;
        for (int k = 0; k < opsPerSec.size(); k++) {
            if (steps.get(k).kind() == Step.Kind.MAX || steps.get(k).kind() == Step.Kind.PROCS) {
                n++;
            }
        }
        return n;
    }

    private int bestSearchStep() {
        int best = 0;
        for (int k = 1; k < searchStepCount(); k++) {
            if (opsPerSec.get(k) > opsPerSec.get(best)) {
                best = k;
            }
        }
        return best;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
