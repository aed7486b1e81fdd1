package org.sfsbench.manager;

import java.util.ArrayDeque;
import java.util.Locale;

/**
 * One agent's clock offset from the manager's, estimated NTP-style from its status round trips:
 * a round trip sent at {@code t0} and received at {@code t1} (manager clock) whose reply carries
 * agent time {@code a} gives offset {@code a - (t0 + t1) / 2}, uncertain by half the round trip.
 * Of the last {@link #WINDOW} round trips the one with the smallest delay is the estimate (a
 * delayed reply says least about the offset). A round trip whose offset disagrees with the estimate
 * by more than both uncertainties plus {@link #STEP_BOUND_MS} means the agent's clock was stepped
 * (NTP): the window starts again from it and the step is counted and described.
 */
final class ClockOffset {
    /** Round trips the estimate is taken from. */
    static final int WINDOW = 16;
    /** Disagreement beyond the uncertainties that counts as a clock step, ms. */
    static final double STEP_BOUND_MS = 5;

    private record Trip(double offsetMs, double halfRttMs) {
    }

    private final ArrayDeque<Trip> window = new ArrayDeque<>();
    private Trip best;
    private int steps;

    /**
     * Adds one round trip (all three in microseconds since the epoch, the first two by the
     * manager's clock); returns the description of a clock step it revealed, else "".
     */
    synchronized String add(long sentUs, long receivedUs, long agentUs) {
        Trip t = new Trip((agentUs - (sentUs + receivedUs) / 2.0) / 1000.0, Math.max(0, receivedUs - sentUs) / 2000.0);
        String step = "";
        if (best != null && Math.abs(t.offsetMs - best.offsetMs) > t.halfRttMs + best.halfRttMs + STEP_BOUND_MS) {
            steps++;
            step = String.format(Locale.ROOT, "clock stepped by %+.1f ms (offset %+.1f ms ± %.1f, was %+.1f ms ± %.1f)",
                    t.offsetMs - best.offsetMs, t.offsetMs, t.halfRttMs, best.offsetMs, best.halfRttMs);
            window.clear();
        }
        window.addLast(t);
        if (window.size() > WINDOW) {
            window.removeFirst();
        }
        best = window.stream().min((a, b) -> Double.compare(a.halfRttMs, b.halfRttMs)).orElseThrow();
        return step;
    }

    synchronized boolean measured() {
        return best != null;
    }

    /** Agent clock minus manager clock, ms (0 before the first round trip). */
    synchronized double offsetMs() {
        return best == null ? 0 : best.offsetMs;
    }

    /** Half the round trip of the estimate, ms (NaN before the first round trip). */
    synchronized double uncertaintyMs() {
        return best == null ? Double.NaN : best.halfRttMs;
    }

    /** Clock steps seen so far. */
    synchronized int steps() {
        return steps;
    }
}
