package org.sfsbench.manager;

import java.util.List;
import java.util.Locale;

/**
 * The whole run's share done and time left, for the live line ({@code [30.0%][eta 1h12m]}).
 * WARMUP and RUN have planned lengths; INIT has none, so its length is learned: from the
 * objects built so far in the current INIT, and for later points from the seconds per requested
 * op/s that earlier INITs took (file sets grow with the requested load). Until a first INIT has
 * shown a rate the estimate is unknown and the line says so rather than guess.
 */
public final class RunEta {
    private final int[] requestedOps;
    private final double measureSeconds;
    private final long startedMs;
    private int current = -1;
    private double initSecondsPerOp = Double.NaN;
    private long initStartMs;
    private double initLeftSeconds = Double.NaN;
    private long phaseEndMs;
    private boolean inInit;

    /** @param requestedOps the load points' requested ops/s, in run order */
    public RunEta(List<Integer> requestedOps, int warmupSeconds, int runSeconds, long nowMs) {
        this.requestedOps = requestedOps.stream().mapToInt(Integer::intValue).toArray();
        this.measureSeconds = warmupSeconds + (double) runSeconds;
        this.startedMs = nowMs;
    }

    /** Point {@code index} (1-based) starts its INIT. */
    public synchronized void initStarted(int index, long nowMs) {
        current = index - 1;
        inInit = true;
        initStartMs = nowMs;
        initLeftSeconds = Double.NaN;
    }

    /** Objects built so far in the current INIT. */
    public synchronized void initProgress(long done, long total, long nowMs) {
        double elapsed = (nowMs - initStartMs) / 1000.0;
        if (done > 0 && total > 0 && elapsed > 0) {
            initLeftSeconds = elapsed * (total - done) / done;
            double whole = elapsed * total / done;
            initSecondsPerOp = whole / Math.max(1, requestedOps[current]);
        }
    }

    /** The current INIT ended; WARMUP and RUN follow with their planned lengths. */
    public synchronized void initDone(long nowMs) {
        double took = (nowMs - initStartMs) / 1000.0;
        initSecondsPerOp = took / Math.max(1, requestedOps[current]);
        inInit = false;
        phaseEndMs = nowMs + (long) (measureSeconds * 1000);
    }

    /** Point {@code index} (1-based) starts without an INIT of its own (a step on a prepared file set). */
    public synchronized void stepStarted(int index, long nowMs) {
        current = index - 1;
        inInit = false;
        phaseEndMs = nowMs + (long) (measureSeconds * 1000);
    }

    /** A WARMUP or RUN phase ends at this wall-clock time. */
    public synchronized void phaseEndsAt(long endMs) {
        if (!inInit) {
            phaseEndMs = Math.max(phaseEndMs, endMs);
        }
    }

    /** Seconds left in the whole run, NaN while unknown. */
    public synchronized double secondsLeft(long nowMs) {
        if (current < 0) {
            return Double.NaN;
        }
        double left;
        if (inInit) {
            left = initLeftSeconds + measureSeconds;
        } else {
            left = Math.max(0, (phaseEndMs - nowMs) / 1000.0);
        }
        for (int i = current + 1; i < requestedOps.length; i++) {
            left += initSecondsPerOp * requestedOps[i] + measureSeconds;
        }
        return left;
    }

    /** {@code [30.0%][eta 1h12m]}, or {@code [eta ?]} before the first estimate. */
    public String text(long nowMs) {
        double left = secondsLeft(nowMs);
        if (Double.isNaN(left)) {
            return "[eta ?]";
        }
        double elapsed = (nowMs - startedMs) / 1000.0;
        double pct = elapsed + left > 0 ? 100.0 * elapsed / (elapsed + left) : 0;
        return String.format(Locale.ROOT, "[%.1f%%][eta %s]", Math.min(100, pct), shortDuration(left));
    }

    /** {@code 1h12m}, {@code 4m05s}, {@code 45s}. */
    public static String shortDuration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return s + "s";
    }
}
