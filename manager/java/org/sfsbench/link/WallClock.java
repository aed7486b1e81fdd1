package org.sfsbench.link;

import java.time.Instant;

/**
 * This host's wall clock in microseconds since the epoch: the unit of every clock reading that
 * crosses a link (a worker's phase start, an agent's status time), so the manager can place them
 * finer than a millisecond.
 */
public final class WallClock {

    private WallClock() {
    }

    /** Now, by this host's (possibly offset) wall clock. */
    public static long epochMicros() {
        Instant t = Instant.now();
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
    }
}
