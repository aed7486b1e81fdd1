package org.sfsbench.stats;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sfsbench.engine.Phase;
import org.sfsbench.engine.SampleLayout;

/**
 * One sample of engine counters: the header, the counters of every op that did something, and
 * the (op, protocol status) error table. Decoded from the engine's flat long[] (sfsengine.h),
 * merged across procs, workers and clients, differenced for intervals.
 *
 * <p>Serializable and compact for RMI: ops without activity are null, histograms keep only their
 * non-empty bucket range, the error table only used slots. Instances are immutable once built.
 */
public final class EngineSample implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Phase phase;
    private final long elapsedUs;
    private final long initDone;
    private final long initTotal;
    private final long filesetBytes;
    private final long procs;
    private final long behind;
    /** Indexed by op id, length SampleLayout.OPS_MAX; null = no activity. */
    private final OpCounters[] ops;
    /** Sorted by (op, status), counts > 0, one entry per pair. */
    private final List<ErrorCount> errors;
    /** Client CPU over the same window as the counters. */
    private final CpuTimes cpu;
    /** Send time minus intended start of the ops counted. */
    private final ScheduleLag lag;
    /** The phase's outages so far (riding through, outage_max), in order. */
    private List<Outage> outages = List.of();
    /** Outages beyond those the engine lists. */
    private long unlistedOutages;

    /** A sample without CPU figures (pure-Java producers, tests). */
    public EngineSample(Phase phase, long elapsedUs, long initDone, long initTotal, long filesetBytes, long procs,
            long behind, Collection<OpCounters> opCounters, Collection<ErrorCount> errorCounts) {
        this(phase, elapsedUs, initDone, initTotal, filesetBytes, procs, behind, opCounters, errorCounts, CpuTimes.NONE);
    }

    /** A sample without lag figures. */
    public EngineSample(Phase phase, long elapsedUs, long initDone, long initTotal, long filesetBytes, long procs,
            long behind, Collection<OpCounters> opCounters, Collection<ErrorCount> errorCounts, CpuTimes cpu) {
        this(phase, elapsedUs, initDone, initTotal, filesetBytes, procs, behind, opCounters, errorCounts, cpu,
                ScheduleLag.NONE);
    }

    public EngineSample(Phase phase, long elapsedUs, long initDone, long initTotal, long filesetBytes, long procs,
            long behind, Collection<OpCounters> opCounters, Collection<ErrorCount> errorCounts, CpuTimes cpu,
            ScheduleLag lag) {
        this.cpu = cpu;
        this.lag = lag;
        this.phase = phase;
        this.elapsedUs = elapsedUs;
        this.initDone = initDone;
        this.initTotal = initTotal;
        this.filesetBytes = filesetBytes;
        this.procs = procs;
        this.behind = behind;
        this.ops = new OpCounters[SampleLayout.OPS_MAX];
        for (OpCounters c : opCounters) {
            if (c.opId() < 0 || c.opId() >= SampleLayout.OPS_MAX) {
                throw new IllegalArgumentException("op id " + c.opId() + " outside 0.." + (SampleLayout.OPS_MAX - 1));
            }
            if (c.isEmpty()) {
                continue;
            }
            if (ops[c.opId()] == null) {
                ops[c.opId()] = c.copy();
            } else {
                ops[c.opId()].merge(c);
            }
        }
        this.errors = normalise(errorCounts);
    }

    /**
     * Decodes the engine's counters.
     *
     * @throws IllegalArgumentException if the array is too short or from another layout version
     */
    public static EngineSample decode(long[] w) {
        return decode(SampleWords.of(w));
    }

    /** {@link #decode(long[])} of dense or sparse words. */
    public static EngineSample decode(SampleWords w) {
        if (w.length() < SampleLayout.WORDS) {
            throw new IllegalArgumentException("engine sample has " + w.length() + " words, layout needs "
                    + SampleLayout.WORDS);
        }
        if (w.at(SampleLayout.S_LAYOUT) != SampleLayout.API_VERSION) {
            throw new IllegalArgumentException("engine sample layout " + w.at(SampleLayout.S_LAYOUT)
                    + ", this manager reads layout " + SampleLayout.API_VERSION);
        }
        List<OpCounters> list = new ArrayList<>();
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            int b = SampleLayout.op(op, 0);
            LatencyHistogram h = w.histogram(b + SampleLayout.O_HIST);
            list.add(new OpCounters(op, w.at(b + SampleLayout.O_OPS), w.at(b + SampleLayout.O_ERRORS),
                    w.at(b + SampleLayout.O_BYTES), w.at(b + SampleLayout.O_LAT_SUM), w.at(b + SampleLayout.O_LAT_MIN),
                    w.at(b + SampleLayout.O_LAT_MAX), w.at(b + SampleLayout.O_SVC_SUM), w.at(b + SampleLayout.O_LATE),
                    w.at(b + SampleLayout.O_PHYSICAL), w.at(b + SampleLayout.O_RETRIES), w.at(b + SampleLayout.O_AFTER_END),
                    h));
        }
        long used = w.at(SampleLayout.E_BASE);
        if (used < 0 || used > SampleLayout.ERR_SLOTS) {
            throw new IllegalArgumentException("engine sample error table claims " + used + " slots, at most "
                    + SampleLayout.ERR_SLOTS);
        }
        List<ErrorCount> errs = new ArrayList<>();
        for (int i = 0; i < used; i++) {
            long key = w.at(SampleLayout.E_BASE + 1 + 2 * i);
            long count = w.at(SampleLayout.E_BASE + 2 + 2 * i);
            errs.add(new ErrorCount((int) (key >>> 32), (int) key, count));
        }
        EngineSample s = new EngineSample(Phase.ofId(w.at(SampleLayout.S_PHASE)), w.at(SampleLayout.S_ELAPSED_US),
                w.at(SampleLayout.S_INIT_DONE), w.at(SampleLayout.S_INIT_TOTAL), w.at(SampleLayout.S_FILESET_BYTES),
                w.at(SampleLayout.S_PROCS), w.at(SampleLayout.S_BEHIND), list, errs, cpu(w), ScheduleLag.fromWords(w));
        return s.withOutages(outages(w), w.at(SampleLayout.OUTAGE_BASE + SampleLayout.OUTAGE_UNLISTED));
    }

    private static List<Outage> outages(SampleWords w) {
        long n = w.at(SampleLayout.OUTAGE_BASE + SampleLayout.OUTAGE_COUNT);
        if (n < 0 || n > SampleLayout.OUTAGES_MAX) {
            throw new IllegalArgumentException("engine sample claims " + n + " outages, at most "
                    + SampleLayout.OUTAGES_MAX);
        }
        List<Outage> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int b = SampleLayout.OUTAGE_BASE + SampleLayout.OUTAGE_LIST + i * SampleLayout.OUTAGE_REC_WORDS;
            out.add(new Outage(w.at(b + SampleLayout.OUTAGE_BEGIN_US), w.at(b + SampleLayout.OUTAGE_END_US),
                    w.at(b + SampleLayout.OUTAGE_RESENT), w.at(b + SampleLayout.OUTAGE_FAILED),
                    w.at(b + SampleLayout.OUTAGE_RECONNECTS), w.at(b + SampleLayout.OUTAGE_REOPENED),
                    w.at(b + SampleLayout.OUTAGE_LOST)));
        }
        return out;
    }

    /** This sample with the phase's outages (a pure-Java producer's, or decoded ones). */
    public EngineSample withOutages(List<Outage> list, long unlisted) {
        EngineSample s = new EngineSample(phase, elapsedUs, initDone, initTotal, filesetBytes, procs, behind,
                opCounters(), errors, cpu, lag);
        s.outages = List.copyOf(list);
        s.unlistedOutages = unlisted;
        return s;
    }

    private static CpuTimes cpu(SampleWords w) {
        int c = SampleLayout.C_BASE;
        return new CpuTimes(w.at(c + SampleLayout.C_WINDOW_US), w.at(c + SampleLayout.C_HOST_TICKS),
                w.at(c + SampleLayout.C_HOST_USER), w.at(c + SampleLayout.C_HOST_SYSTEM), w.at(c + SampleLayout.C_HOST_IDLE),
                w.at(c + SampleLayout.C_HOST_CPUS), w.at(c + SampleLayout.C_PROC_USER_US), w.at(c + SampleLayout.C_PROC_SYS_US));
    }

    /** Encodes back into the engine layout (for pure-Java producers and tests). */
    public long[] toWords() {
        long[] w = new long[SampleLayout.WORDS];
        toWords(w);
        return w;
    }

    /** {@link #toWords()} into {@code w} (SampleLayout.WORDS long), every word written. */
    public void toWords(long[] w) {
        if (errors.size() > SampleLayout.ERR_SLOTS) {
            throw new IllegalStateException(errors.size() + " error entries do not fit the engine's "
                    + SampleLayout.ERR_SLOTS + " slots");
        }
        Arrays.fill(w, 0L);
        w[SampleLayout.S_LAYOUT] = SampleLayout.API_VERSION;
        w[SampleLayout.S_PHASE] = phase.id();
        w[SampleLayout.S_ELAPSED_US] = elapsedUs;
        w[SampleLayout.S_INIT_DONE] = initDone;
        w[SampleLayout.S_INIT_TOTAL] = initTotal;
        w[SampleLayout.S_FILESET_BYTES] = filesetBytes;
        w[SampleLayout.S_PROCS] = procs;
        w[SampleLayout.S_BEHIND] = behind;
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            int b = SampleLayout.op(op, 0);
            OpCounters c = op(op);
            w[b + SampleLayout.O_OPS] = c.ops();
            w[b + SampleLayout.O_ERRORS] = c.errors();
            w[b + SampleLayout.O_BYTES] = c.bytes();
            w[b + SampleLayout.O_LAT_SUM] = c.latencySumUs();
            w[b + SampleLayout.O_LAT_MIN] = c.latencyMinUs();
            w[b + SampleLayout.O_LAT_MAX] = c.latencyMaxUs();
            w[b + SampleLayout.O_SVC_SUM] = c.serviceSumUs();
            w[b + SampleLayout.O_LATE] = c.late();
            w[b + SampleLayout.O_PHYSICAL] = c.physical();
            w[b + SampleLayout.O_RETRIES] = c.retries();
            w[b + SampleLayout.O_AFTER_END] = c.afterEnd();
            c.histogram().toWords(w, b + SampleLayout.O_HIST);
        }
        w[SampleLayout.E_BASE] = errors.size();
        for (int i = 0; i < errors.size(); i++) {
            ErrorCount e = errors.get(i);
            w[SampleLayout.E_BASE + 1 + 2 * i] = ((long) e.opId() << 32) | (e.status() & 0xffffffffL);
            w[SampleLayout.E_BASE + 2 + 2 * i] = e.count();
        }
        int c = SampleLayout.C_BASE;
        w[c + SampleLayout.C_WINDOW_US] = cpu.windowUs();
        w[c + SampleLayout.C_HOST_TICKS] = cpu.hostTicks();
        w[c + SampleLayout.C_HOST_USER] = cpu.hostUser();
        w[c + SampleLayout.C_HOST_SYSTEM] = cpu.hostSystem();
        w[c + SampleLayout.C_HOST_IDLE] = cpu.hostIdle();
        w[c + SampleLayout.C_HOST_CPUS] = cpu.hostCpus();
        w[c + SampleLayout.C_PROC_USER_US] = cpu.processUserUs();
        w[c + SampleLayout.C_PROC_SYS_US] = cpu.processSystemUs();
        lag.toWords(w);
        int u = SampleLayout.OUTAGE_BASE;
        int listed = Math.min(outages.size(), SampleLayout.OUTAGES_MAX);
        w[u + SampleLayout.OUTAGE_COUNT] = listed;
        w[u + SampleLayout.OUTAGE_UNLISTED] = unlistedOutages + outages.size() - listed;
        for (int i = 0; i < listed; i++) {
            Outage o = outages.get(i);
            int b = u + SampleLayout.OUTAGE_LIST + i * SampleLayout.OUTAGE_REC_WORDS;
            w[b + SampleLayout.OUTAGE_BEGIN_US] = o.beginUs();
            w[b + SampleLayout.OUTAGE_END_US] = o.endUs();
            w[b + SampleLayout.OUTAGE_RESENT] = o.resent();
            w[b + SampleLayout.OUTAGE_FAILED] = o.failed();
            w[b + SampleLayout.OUTAGE_RECONNECTS] = o.reconnects();
            w[b + SampleLayout.OUTAGE_REOPENED] = o.reopened();
            w[b + SampleLayout.OUTAGE_LOST] = o.lost();
        }
    }

    /**
     * Sum of samples of the same phase from several procs, workers or clients: counters and
     * histograms add, elapsed time is the longest, procs/file set/INIT progress add up, CPU times
     * add ({@link CpuTimes#plus}), outages that overlap are one ({@link Outage#union}).
     */
    public static EngineSample merge(Collection<EngineSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        Phase phase = samples.iterator().next().phase;
        long elapsed = 0;
        long done = 0;
        long total = 0;
        long bytes = 0;
        long procs = 0;
        long behind = 0;
        CpuTimes cpu = CpuTimes.NONE;
        ScheduleLag lag = ScheduleLag.NONE;
        List<OpCounters> ops = new ArrayList<>();
        List<ErrorCount> errs = new ArrayList<>();
        List<Outage> outages = new ArrayList<>();
        long unlisted = 0;
        for (EngineSample s : samples) {
            if (s.phase != phase) {
                throw new IllegalArgumentException("cannot merge a sample of phase " + s.phase
                        + " with one of phase " + phase);
            }
            elapsed = Math.max(elapsed, s.elapsedUs);
            done += s.initDone;
            total += s.initTotal;
            bytes += s.filesetBytes;
            procs += s.procs;
            behind += s.behind;
            cpu = cpu.plus(s.cpu);
            lag = lag.plus(s.lag);
            ops.addAll(s.opCounters());
            errs.addAll(s.errors);
            outages.addAll(s.outages);
            unlisted = Math.max(unlisted, s.unlistedOutages);
        }
        EngineSample m = new EngineSample(phase, elapsed, done, total, bytes, procs, behind, ops, errs, cpu, lag);
        return outages.isEmpty() && unlisted == 0 ? m : m.withOutages(Outage.union(outages), unlisted);
    }

    /** {@code merge(List.of(this, other))}. */
    public EngineSample plus(EngineSample other) {
        return merge(List.of(this, other));
    }

    /**
     * The interval between {@code earlier} and this, both cumulative samples of the same phase
     * from the same source(s): counters and histograms are differences, elapsed time is the
     * interval's length; header gauges (procs, behind, file set) and the outages are this sample's.
     */
    public EngineSample minus(EngineSample earlier) {
        if (earlier.phase != phase) {
            throw new IllegalArgumentException("cannot subtract a sample of phase " + earlier.phase
                    + " from one of phase " + phase);
        }
        List<OpCounters> ops = new ArrayList<>();
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            if (this.ops[op] != null) {
                ops.add(this.ops[op].minus(earlier.op(op)));
            } else if (earlier.ops[op] != null) {
                throw new IllegalArgumentException("op " + op + " has counters in the earlier sample only:"
                        + " samples are not cumulative or out of order");
            }
        }
        Map<Long, Long> before = new TreeMap<>();
        for (ErrorCount e : earlier.errors) {
            before.put(key(e), e.count());
        }
        List<ErrorCount> errs = new ArrayList<>();
        for (ErrorCount e : errors) {
            long d = e.count() - before.getOrDefault(key(e), 0L);
            errs.add(new ErrorCount(e.opId(), e.status(), d));
        }
        EngineSample d = new EngineSample(phase, elapsedUs - earlier.elapsedUs, initDone - earlier.initDone,
                initTotal, filesetBytes, procs, behind, ops, errs, cpu.minus(earlier.cpu), lag.minus(earlier.lag));
        return outages.isEmpty() && unlistedOutages == 0 ? d : d.withOutages(outages, unlistedOutages);
    }

    private static long key(ErrorCount e) {
        return ((long) e.opId() << 32) | (e.status() & 0xffffffffL);
    }

    private static List<ErrorCount> normalise(Collection<ErrorCount> in) {
        Map<Long, Long> sum = new TreeMap<>();
        for (ErrorCount e : in) {
            if (e.count() != 0) {
                sum.merge(key(e), e.count(), Long::sum);
            }
        }
        List<ErrorCount> out = new ArrayList<>();
        for (Map.Entry<Long, Long> m : sum.entrySet()) {
            if (m.getValue() != 0) {
                long k = m.getKey();
                out.add(new ErrorCount((int) (k >>> 32), (int) k, m.getValue()));
            }
        }
        return Collections.unmodifiableList(out);
    }

    public Phase phase() {
        return phase;
    }

    public long elapsedUs() {
        return elapsedUs;
    }

    public long initDone() {
        return initDone;
    }

    public long initTotal() {
        return initTotal;
    }

    public long filesetBytes() {
        return filesetBytes;
    }

    public long procs() {
        return procs;
    }

    public long behind() {
        return behind;
    }

    /** Client CPU over the window of these counters. */
    public CpuTimes cpu() {
        return cpu;
    }

    /** Send time minus intended start of the ops counted (loadfile timestamps: the schedule kept). */
    public ScheduleLag lag() {
        return lag;
    }

    /** The phase's outages (riding through), in order of their begin. */
    public List<Outage> outages() {
        return outages;
    }

    /** Outages beyond those the engine lists (the per-client maximum when merged). */
    public long unlistedOutages() {
        return unlistedOutages;
    }

    /** Counters of {@code opId}; an empty instance when the op did nothing. Do not modify. */
    public OpCounters op(int opId) {
        OpCounters c = opId >= 0 && opId < ops.length ? ops[opId] : null;
        return c != null ? c : new OpCounters(opId);
    }

    /** Counters of every op that did something, in op id order. Do not modify them. */
    public List<OpCounters> opCounters() {
        List<OpCounters> out = new ArrayList<>();
        for (OpCounters c : ops) {
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** Error table entries, sorted by (op id, status). */
    public List<ErrorCount> errors() {
        return errors;
    }

    /** Completed logical ops of all op types. */
    public long totalOps() {
        long n = 0;
        for (OpCounters c : opCounters()) {
            n += c.ops();
        }
        return n;
    }

    /** Failed logical ops of all op types. */
    public long totalErrors() {
        long n = 0;
        for (OpCounters c : opCounters()) {
            n += c.errors();
        }
        return n;
    }

    /** All op types added together (op id -1): overall mean, percentiles, late count. */
    public OpCounters total() {
        OpCounters t = new OpCounters(-1);
        for (OpCounters c : opCounters()) {
            t.merge(new OpCounters(-1, c.ops(), c.errors(), c.bytes(), c.latencySumUs(), c.latencyMinUs(),
                    c.latencyMaxUs(), c.serviceSumUs(), c.late(), c.physical(), c.retries(), c.afterEnd(),
                    c.histogram()));
        }
        return t;
    }
}
