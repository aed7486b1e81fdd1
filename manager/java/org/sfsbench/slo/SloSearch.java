package org.sfsbench.slo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.stats.OpCounters;

/**
 * The search for the highest paced rate that meets an SLO (docs/slo.md), decided as results come
 * in. The bracket starts as [0, top speed]; the first probe is paced at the top speed itself, then
 * every probe bisects the bracket: a pass raises its lower end, a fail lowers its upper end. When
 * the bracket is at most SLO_PRECISION % of the top speed wide, its lower end is repeated
 * SLO_CONFIRM times; one failed repeat makes it the upper end and the search goes on below it.
 * A probe is judged only on enough samples ({@link Slo#samplesNeeded()}): its first window is sized
 * for them at its rate, and until it has them it is lengthened by further measured windows at the
 * same rate, up to {@code maxProbeSeconds}. A verdict on latency alone is not taken on noise: a
 * probe is measured in further windows at its rate (up to {@link #MAX_WINDOWS}, judged on them
 * merged) while the bound lies inside its percentile's 95 % interval or between its windows' own
 * values ({@link ProbeWindows}), and a one-window fail is measured again when a stall can explain
 * it (its median op within the bound) or when it contradicts the monotone shape (a probe at this
 * rate or above met the bound it breaks). A false fail, unlike a false pass (which the
 * confirmations catch), would lower the bracket's upper end for the rest of the search.
 */
public final class SloSearch {
    /** A paced probe keeps up when it achieves at least this share of its rate. */
    public static final double KEEP_UP = 0.9;

    /** What a probe is for. */
    public enum Kind {
        TOP, BISECT, CONFIRM;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Why a window is measured; {@code recorded} is its name in {@link SloProbeResult#extraWindows()}. */
    public enum Why {
        /** a probe's first window */
        FIRST(""),
        /** too few samples for the percentile yet */
        SAMPLES(SloProbeResult.SAMPLES),
        /** a fail on latency alone with the median op within the bound: a stall? */
        STALL(SloProbeResult.STALL),
        /** the bound lies inside the probe's interval (see {@link ProbeWindows}) */
        UNCERTAIN(SloProbeResult.UNCERTAIN);

        private final String recorded;

        Why(String recorded) {
            this.recorded = recorded;
        }
    }

    /**
     * The next window to measure.
     *
     * @param probe   the probe's number
     * @param kind    what the probe is for
     * @param rate    paced ops/s of all clients together
     * @param seconds measured seconds of this window
     * @param why     why it is measured
     * @param note    for UNCERTAIN, what was uncertain; else ""
     */
    public record Request(int probe, Kind kind, double rate, int seconds, Why why, String note) {
        /** True when it adds a window to a probe already measured. */
        public boolean continuation() {
            return why != Why.FIRST;
        }

        /** True when it measures a probe again to settle its verdict (not for samples). */
        public boolean recheck() {
            return why == Why.STALL || why == Why.UNCERTAIN;
        }
    }

    /** Most windows a probe is measured in to settle an uncertain verdict. */
    public static final int MAX_WINDOWS = 3;

    private final Slo slo;
    private final double top;
    private final int topStep;
    private final int measureSeconds;
    private final int maxProbeSeconds;
    private final int maxProbes;
    private final List<SloProbeResult> probes = new ArrayList<>();
    /** Rates that passed and are not refuted, with the repeats each has passed. */
    private final TreeMap<Double, Integer> passes = new TreeMap<>();
    /** Every window of the probes judged on latency alone, by rate: a confirmation is judged on them. */
    private final Map<Double, ProbeWindows> atRate = new HashMap<>();
    private double lo;
    /** The next bisection steps one precision below the upper end (a confirmation was just refuted). */
    private boolean stepDown;
    private double hi;
    private Request pending;
    private ProbeWindows acc;
    /** Why each window of the pending probe after its first was measured. */
    private final List<String> extraWindows = new ArrayList<>();
    private String outcome;

    /**
     * @param topSpeed        the unpaced top speed, ops/s (the bracket's upper end)
     * @param topStep         the step that measured it
     * @param measureSeconds  measured seconds of a probe's first window
     * @param maxProbeSeconds longest a probe is lengthened to, measured seconds in all
     */
    public SloSearch(Slo slo, double topSpeed, int topStep, int measureSeconds, int maxProbeSeconds) {
        this.slo = slo;
        this.top = topSpeed;
        this.topStep = topStep;
        this.measureSeconds = measureSeconds;
        this.maxProbeSeconds = Math.max(measureSeconds, maxProbeSeconds);
        this.maxProbes = maxProbes(slo);
        this.hi = topSpeed;
    }

    /**
     * The most probes a search runs: the probe at the top speed, the bisections down to the precision
     * and the confirmations, twice over (room for confirmations that fail and a second descent).
     */
    public static int maxProbes(Slo slo) {
        return 2 * (1 + bisections(slo.precisionPct()) + slo.confirm());
    }

    /** Bisections that narrow [0, top] to precision % of top. */
    public static int bisections(double precisionPct) {
        return (int) Math.ceil(Math.log(100.0 / precisionPct) / Math.log(2) - 1e-9);
    }

    /** The longest a probe is measured: this many times its first window. */
    public static final int LENGTHEN_FACTOR = 8;

    /** The next window, or null when the search is over. */
    public Request next() {
        if (pending != null) {
            return pending; // not yet measured
        }
        if (outcome != null) {
            return null;
        }
        if (top <= 0) {
            outcome = "none";
            return null;
        }
        if (probes.size() >= maxProbes) {
            outcome = "unsettled";
            return null;
        }
        int number = probes.size() + 1;
        if (probes.isEmpty()) {
            return pending = first(number, Kind.TOP, top);
        }
        double step = slo.precisionPct() / 100.0 * top;
        if (hi - lo > step + 1e-9) {
            // just refuted: the capacity most likely lies just below the rate that passed once
            double rate = stepDown && hi - step > lo ? hi - step : (lo + hi) / 2;
            stepDown = false;
            return pending = first(number, Kind.BISECT, rate);
        }
        if (lo <= 0) {
            outcome = "none";
            return null;
        }
        if (passes.get(lo) < slo.confirm()) {
            return pending = first(number, Kind.CONFIRM, lo);
        }
        outcome = "met";
        return null;
    }

    /**
     * A probe's first window: at least the measured seconds, and long enough to gather the samples
     * the SLO needs at the paced rate with 10 % to spare (at most the longest a probe is measured).
     */
    private Request first(int number, Kind kind, double rate) {
        double forSamples = slo.samplesNeeded() / rate * 1.1;
        int s = (int) Math.ceil(Math.min(Math.max(measureSeconds, forSamples), maxProbeSeconds) - 1e-9);
        return new Request(number, kind, rate, s, Why.FIRST, "");
    }

    /**
     * The measured window of the request {@link #next()} returned.
     *
     * @param all       every op of every client in the window (the merged histogram, intended-start latency)
     * @param seconds   the window's measured seconds
     * @param failedOps failed ops in the window
     */
    public void measured(OpCounters all, double seconds, long failedOps) {
        Request r = pending;
        if (r == null) {
            throw new IllegalStateException("no probe is pending");
        }
        if (acc == null) {
            acc = new ProbeWindows();
            extraWindows.clear();
        }
        acc.add(all, seconds, failedOps);
        if (r.continuation()) {
            extraWindows.add(r.why().recorded);
        }
        long need = slo.samplesNeeded();
        long have = acc.all().ops();
        double left = maxProbeSeconds - acc.seconds();
        if (have < need && left > 0) {
            double perSecond = acc.seconds() > 0 ? have / acc.seconds() : 0;
            double wanted = perSecond > 0 ? (need - have) / perSecond * 1.1 + 1 : maxProbeSeconds;
            // never shorter than a first window: every window is measured in full as planned
            int s = (int) Math.ceil(Math.min(wanted, left));
            pending = new Request(r.probe(), r.kind(), r.rate(), Math.max(measureSeconds, s), Why.SAMPLES, "");
            return;
        }
        String uncertain = latencyOnly(r) ? uncertainty() : null;
        SloProbeResult p = judge(r, uncertain);
        if (latencyOnly(r) && left > 0) {
            // as long as a first window: the windows weigh alike in the merged histogram
            int s = (int) Math.ceil(Math.min(acc.seconds() / acc.count(), left) - 1e-9);
            if (uncertain != null && acc.count() < MAX_WINDOWS) {
                pending = new Request(r.probe(), r.kind(), r.rate(), Math.max(measureSeconds, s), Why.UNCERTAIN,
                        uncertain);
                return;
            }
            String doubt = acc.count() == 1 ? failDoubted(p, r) : null;
            if (doubt != null) {
                pending = new Request(r.probe(), r.kind(), r.rate(), Math.max(measureSeconds, s),
                        doubt.isEmpty() ? Why.STALL : Why.UNCERTAIN, doubt);
                return;
            }
        }
        if (latencyOnly(r)) {
            ProbeWindows pool = atRate.computeIfAbsent(r.rate(), k -> new ProbeWindows());
            boolean earlier = pool.count() > 0;
            pool.addAll(acc);
            if (r.kind() == Kind.CONFIRM && earlier) {
                p = pooled(p, pool);
            }
        }
        probes.add(p);
        pending = null;
        acc = null;
        apply(r, p.passed());
    }

    /**
     * A confirmation's verdict: that of every window measured at its rate merged (the probe's own and
     * the earlier probes'), the best estimate of the rate's tail; the row keeps its own figures.
     */
    private SloProbeResult pooled(SloProbeResult p, ProbeWindows pool) {
        List<String> broken = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (SloTerm t : slo.terms()) {
            double us = t.measuredUs(pool.all());
            values.add(String.format(Locale.ROOT, "%s %.3f ms", t.statistic(), us / 1000));
            if (!(us <= t.boundUs())) {
                broken.add(t.toString());
            }
        }
        String verdict = broken.isEmpty() ? "pass" : "fail";
        String why = String.format(Locale.ROOT, "all %d windows at this rate merged (%,d samples): %s: %s",
                pool.count(), pool.all().ops(), String.join(", ", values), verdict);
        return new SloProbeResult(p.number(), p.kind(), p.requestedOpsPerSec(), p.achievedOpsPerSec(), p.seconds(),
                p.windows(), p.extraWindows(), p.samples(), p.samplesNeeded(), p.meanMs(), p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(),
                p.termMs(), p.failedOps(), verdict, p.reason().isEmpty() ? why : p.reason() + "; " + why);
    }

    /** Enough samples, no failed op and the paced rate kept: only the latency terms decide. */
    private boolean latencyOnly(Request r) {
        return acc.all().ops() >= slo.samplesNeeded() && acc.failed() == 0
                && acc.all().inWindow() / acc.seconds() >= KEEP_UP * r.rate();
    }

    /** The first term whose verdict is not sure yet (docs/slo.md, "Judging"), or null. */
    private String uncertainty() {
        for (SloTerm t : slo.terms()) {
            String u = acc.uncertainty(t);
            if (u != null) {
                return u;
            }
        }
        return null;
    }

    /**
     * Why a one-window fail on latency alone is measured again before it counts: "" when a stall can
     * explain it (every broken bound still met by the median op: a stall holds a minority of the ops;
     * when half of them break a bound the server is behind), else the contradiction with the monotone
     * shape (latency does not fall as the rate rises) when a probe at this rate or above met a bound
     * this one breaks. Null: the fail counts at once.
     */
    private String failDoubted(SloProbeResult p, Request r) {
        if (!"fail".equals(p.verdict())) {
            return null;
        }
        double median = acc.all().percentileUs(50);
        if (slo.terms().stream().allMatch(t -> t.measuredUs(acc.all()) <= t.boundUs() || median <= t.boundUs())) {
            return "";
        }
        for (SloProbeResult q : probes) {
            if (q.requestedOpsPerSec() < r.rate() || !("pass".equals(q.verdict()) || "fail".equals(q.verdict()))) {
                continue;
            }
            for (int i = 0; i < slo.terms().size(); i++) {
                SloTerm t = slo.terms().get(i);
                double here = p.termMs().get(i);
                double there = q.termMs().get(i);
                if (here * 1000 > t.boundUs() && there * 1000 <= t.boundUs()) {
                    return String.format(Locale.ROOT, "%s %.3f ms at %,.0f ops/s contradicts probe %d's %.3f ms at"
                            + " %,.0f ops/s (latency does not fall as the rate rises)", t.statistic(), here,
                            r.rate(), q.number(), there, q.requestedOpsPerSec());
                }
            }
        }
        return null;
    }

    private SloProbeResult judge(Request r, String uncertain) {
        long need = slo.samplesNeeded();
        OpCounters all = acc.all();
        double accSeconds = acc.seconds();
        long accFailed = acc.failed();
        double achieved = accSeconds > 0 ? all.inWindow() / accSeconds : 0;   // completed within the windows
        List<Double> termMs = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (SloTerm t : slo.terms()) {
            double us = t.measuredUs(all);
            termMs.add(us / 1000);
            if (!(us <= t.boundUs())) {
                broken.add(String.format(Locale.ROOT, "%s %.3f ms > %s", t.statistic(), us / 1000, t.boundText()));
            }
        }
        String verdict;
        if (all.ops() < need) {
            verdict = "too-few-samples";
            broken.add(0, String.format(Locale.ROOT, "too few samples: %,d of the %,d needed within %.0f s",
                    all.ops(), need, accSeconds));
        } else {
            if (accFailed > 0) {
                broken.add(accFailed + " failed ops");
            }
            if (achieved < KEEP_UP * r.rate()) {
                broken.add(String.format(Locale.ROOT, "achieved %.0f %% of the paced rate", achieved * 100 / r.rate()));
            }
            verdict = broken.isEmpty() ? "pass" : "fail";
            if (uncertain != null) {
                broken.add(String.format(Locale.ROOT, "uncertain after %d windows: %s; judged on them merged",
                        acc.count(), uncertain));
            }
        }
        return new SloProbeResult(r.probe(), r.kind().label(), r.rate(), achieved, accSeconds, acc.count(),
                extraWindows, all.ops(),
                need, all.meanUs() / 1000, all.percentileUs(50) / 1000, all.percentileUs(90) / 1000,
                all.percentileUs(99) / 1000, all.percentileUs(99.9) / 1000, termMs, accFailed, verdict,
                String.join("; ", broken));
    }

    private void apply(Request r, boolean passed) {
        if (passed) {
            passes.merge(r.rate(), r.kind() == Kind.CONFIRM ? 1 : 0, Integer::sum);
            lo = Math.max(lo, r.rate());
            return;
        }
        if (r.kind() == Kind.CONFIRM) {
            passes.remove(r.rate());
            // what passed below the refuted rate stays; its own repeats start over
            Double below = passes.lowerKey(r.rate());
            lo = below == null ? 0 : below;
            if (below != null) {
                passes.put(below, 0);
            }
            stepDown = true;
        }
        hi = Math.min(hi, r.rate());
    }

    /** The outcome so far: final once {@link #next()} returned null, "unsettled" before. */
    public SloResult result() {
        String o = outcome == null ? "unsettled" : outcome;
        double capacity = "none".equals(o) ? 0 : lo;
        return new SloResult(slo.text(), slo.precisionPct(), slo.confirm(), slo.samplesNeeded(), top, topStep, o,
                capacity, lo, hi, probes);
    }
}
