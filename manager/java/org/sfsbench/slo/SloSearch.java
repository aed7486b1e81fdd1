package org.sfsbench.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * same rate, up to {@code maxProbeSeconds}. A probe that fails on latency alone, with its median
 * op within the bound, is measured again, once, as long again, and judged on both windows merged:
 * a stall of the client machine or the server lasting a few tens of ms puts more than 1 % of a
 * short window's ops beyond a p99 bound at any rate, and a false fail, unlike a false pass (which
 * the confirmations catch), would lower the bracket's upper end for the rest of the search.
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

    /**
     * The next window to measure.
     *
     * @param probe        the probe's number
     * @param kind         what the probe is for
     * @param rate         paced ops/s of all clients together
     * @param seconds      measured seconds of this window
     * @param continuation true when it lengthens a probe that has too few samples, or measures a fail again
     * @param recheck      true when it measures again a probe that failed on latency with its median within the bound
     */
    public record Request(int probe, Kind kind, double rate, int seconds, boolean continuation, boolean recheck) {
    }

    private final Slo slo;
    private final double top;
    private final int topStep;
    private final int measureSeconds;
    private final int maxProbeSeconds;
    private final int maxProbes;
    private final List<SloProbeResult> probes = new ArrayList<>();
    /** Rates that passed and are not refuted, with the repeats each has passed. */
    private final TreeMap<Double, Integer> passes = new TreeMap<>();
    private double lo;
    private double hi;
    private Request pending;
    private OpCounters acc;
    private double accSeconds;
    private int accWindows;
    private long accFailed;
    private boolean rechecked;
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
        if (hi - lo > slo.precisionPct() / 100.0 * top + 1e-9) {
            return pending = first(number, Kind.BISECT, (lo + hi) / 2);
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
        return new Request(number, kind, rate, s, false, false);
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
            acc = new OpCounters(all.opId());
        }
        acc.merge(all);
        accSeconds += seconds;
        accWindows++;
        accFailed += failedOps;
        long need = slo.samplesNeeded();
        long have = acc.ops();
        if (have < need && accSeconds < maxProbeSeconds) {
            double perSecond = accSeconds > 0 ? have / accSeconds : 0;
            double wanted = perSecond > 0 ? (need - have) / perSecond * 1.1 + 1 : maxProbeSeconds;
            // never shorter than a first window: every window is measured in full as planned
            int s = (int) Math.ceil(Math.min(wanted, maxProbeSeconds - accSeconds));
            pending = new Request(r.probe(), r.kind(), r.rate(), Math.max(measureSeconds, s), true, false);
            return;
        }
        SloProbeResult p = judge(r);
        if (!rechecked && failsLikeAStall(p, r) && accSeconds < maxProbeSeconds) {
            rechecked = true;
            int s = (int) Math.ceil(Math.min(accSeconds, maxProbeSeconds - accSeconds) - 1e-9);
            pending = new Request(r.probe(), r.kind(), r.rate(), Math.max(measureSeconds, s), true, true);
            return;
        }
        probes.add(p);
        pending = null;
        acc = null;
        accSeconds = 0;
        accWindows = 0;
        accFailed = 0;
        rechecked = false;
        apply(r, p.passed());
    }

    /**
     * A fail that a stall can explain: enough samples, no failed op, the paced rate kept, and only
     * latency terms broken whose bounds the median op still meets (a stall holds a minority of the
     * ops; when half of them break a bound the server is behind, and measuring again is wasted).
     */
    private boolean failsLikeAStall(SloProbeResult p, Request r) {
        if (!"fail".equals(p.verdict()) || accFailed > 0 || acc.ops() / accSeconds < KEEP_UP * r.rate()) {
            return false;
        }
        double median = acc.percentileUs(50);
        return slo.terms().stream().allMatch(t -> t.measuredUs(acc) <= t.boundUs() || median <= t.boundUs());
    }

    private SloProbeResult judge(Request r) {
        long need = slo.samplesNeeded();
        double achieved = accSeconds > 0 ? acc.ops() / accSeconds : 0;
        List<Double> termMs = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (SloTerm t : slo.terms()) {
            double us = t.measuredUs(acc);
            termMs.add(us / 1000);
            if (!(us <= t.boundUs())) {
                broken.add(String.format(Locale.ROOT, "%s %.3f ms > %s", t.statistic(), us / 1000, t.boundText()));
            }
        }
        String verdict;
        if (acc.ops() < need) {
            verdict = "too-few-samples";
            broken.add(0, String.format(Locale.ROOT, "too few samples: %,d of the %,d needed within %.0f s",
                    acc.ops(), need, accSeconds));
        } else {
            if (accFailed > 0) {
                broken.add(accFailed + " failed ops");
            }
            if (achieved < KEEP_UP * r.rate()) {
                broken.add(String.format(Locale.ROOT, "achieved %.0f %% of the paced rate", achieved * 100 / r.rate()));
            }
            verdict = broken.isEmpty() ? "pass" : "fail";
        }
        return new SloProbeResult(r.probe(), r.kind().label(), r.rate(), achieved, accSeconds, accWindows, acc.ops(),
                need, acc.meanUs() / 1000, acc.percentileUs(50) / 1000, acc.percentileUs(90) / 1000,
                acc.percentileUs(99) / 1000, acc.percentileUs(99.9) / 1000, termMs, accFailed, verdict,
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
