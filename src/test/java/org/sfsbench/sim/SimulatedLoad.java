package org.sfsbench.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.engine.Phase;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.link.SparseWords;
import org.sfsbench.link.WorkerState;
import org.sfsbench.stats.CpuTimes;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;

/**
 * The counters of one simulated worker: it runs the phases the manager starts on the shared
 * instants and counts ops at the engine configuration's rate (procs x rate ops/s), spread over the
 * workload's target mix as the engine computes it, each with a latency drawn from a log-normal
 * distribution. Samples are the engine's layout, sent sparse as a real worker sends them.
 */
final class SimulatedLoad {
    /** File-set objects one simulated proc reports for INIT. */
    private static final long INIT_OBJECTS_PER_PROC = 100;

    private final double medianUs;
    private final double sigma;
    private final SplittableRandom random;
    private final int[] mixOps;
    private final double[] mixCumulative;
    private double opsPerSecond;
    private long procs;
    private Phase phase = Phase.IDLE;
    private long phaseStartMs;
    private double phaseSeconds;
    private Map<Integer, OpCounters> counters = new HashMap<>();
    private long counted;
    /** The sample of a phase that no longer changes (INIT done, RUN done, before any phase). */
    private SparseWords frozen;
    /** The dense layout a sample is built in, per answering thread (not 330 KB of garbage per answer). */
    private static final ThreadLocal<long[]> WORDS = ThreadLocal.withInitial(() -> new long[SampleLayout.WORDS]);

    SimulatedLoad(String engineConfig, double medianUs, double sigma, long seed) {
        EngineConfig c = EngineConfig.parse(engineConfig);
        this.procs = Long.parseLong(c.get("procs"));
        this.opsPerSecond = procs * Double.parseDouble(c.get("rate"));
        this.medianUs = medianUs;
        this.sigma = sigma;
        this.random = new SplittableRandom(seed);
        Map<Integer, Double> mix = Engine.targetMix(engineConfig);
        mixOps = new int[mix.size()];
        mixCumulative = new double[mix.size()];
        double sum = 0;
        int i = 0;
        for (Map.Entry<Integer, Double> e : mix.entrySet()) {
            sum += e.getValue();
            mixOps[i] = e.getKey();
            mixCumulative[i++] = sum;
        }
        if (sum <= 0) {
            throw new IllegalArgumentException("the engine gives this configuration no target mix: " + engineConfig);
        }
    }

    synchronized void start(Phase p, double seconds, long atEpochMs) {
        phase = p;
        phaseStartMs = atEpochMs;
        phaseSeconds = seconds;
        counters = new HashMap<>();
        counted = 0;
        frozen = null;
    }

    /** A step's engine changes: the active procs and the per-proc rate. */
    synchronized void step(String changes) {
        EngineConfig c = EngineConfig.parse(changes);
        if (c.get("procs") != null) {
            procs = Long.parseLong(c.get("procs"));
        }
        double rate = c.get("rate") != null ? Double.parseDouble(c.get("rate")) : opsPerSecond / procs;
        opsPerSecond = procs * rate;
    }

    synchronized WorkerState state(long nowMs) {
        return switch (phase) {
            case IDLE -> WorkerState.IDLE;
            case INIT -> WorkerState.DONE;
            case WARMUP -> WorkerState.RUNNING;
            case RUN -> elapsedSeconds(nowMs) >= phaseSeconds ? WorkerState.DONE : WorkerState.RUNNING;
        };
    }

    synchronized Phase phase() {
        return phase;
    }

    /**
     * When the current phase began, ms since the epoch (0 before the first): the simulation starts
     * every phase exactly on the manager's instant.
     */
    synchronized long phaseStartMs() {
        return phaseStartMs;
    }

    /** Seconds since phase {@code p} began, or -1 when another phase runs. */
    synchronized double secondsInto(Phase p, long nowMs) {
        return phase == p ? elapsedSeconds(nowMs) : -1;
    }

    /** Ops counted in the current phase so far. */
    synchronized long ops() {
        return counted;
    }

    /** The cumulative counters of the current phase at {@code nowMs}. */
    synchronized SparseWords sample(long nowMs) {
        if (frozen != null) {
            return frozen;
        }
        double elapsed = elapsedSeconds(nowMs);
        if (phase == Phase.RUN) {
            elapsed = Math.min(elapsed, phaseSeconds);
        }
        if (phase == Phase.WARMUP || phase == Phase.RUN) {
            long due = (long) Math.floor(opsPerSecond * elapsed);
            for (; counted < due; counted++) {
                long latency = Math.max(1, Math.round(medianUs * Math.exp(sigma * gaussian())));
                counters.computeIfAbsent(opOf(random.nextDouble() * mixCumulative[mixCumulative.length - 1]),
                        OpCounters::new).record(latency, latency, 0, false, false);
            }
        }
        long init = phase == Phase.INIT ? procs * INIT_OBJECTS_PER_PROC : 0;
        List<OpCounters> ops = new ArrayList<>(counters.values());
        long[] words = WORDS.get();
        new EngineSample(phase, Math.round(elapsed * 1e6), init, init, 0, procs, 0, ops, List.of(), CpuTimes.NONE)
                .toWords(words);
        SparseWords s = SparseWords.of(words);
        if (state(nowMs) != WorkerState.RUNNING) {
            frozen = s;
        }
        return s;
    }

    private double elapsedSeconds(long nowMs) {
        return Math.max(0, nowMs - phaseStartMs) / 1000.0;
    }

    private int opOf(double x) {
        for (int i = 0; i < mixCumulative.length; i++) {
            if (x < mixCumulative[i]) {
                return mixOps[i];
            }
        }
        return mixOps[mixOps.length - 1];
    }

    /** A standard normal draw (Box-Muller; one of the pair is enough here). */
    private double gaussian() {
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
