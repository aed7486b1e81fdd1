package org.sfsbench.manager;

import java.util.Arrays;
import java.util.Locale;

/**
 * How long the status rounds of one load point took (a round calls every agent and waits for the
 * last answer): what a client costs the manager's poll, in sfslog after every point.
 */
final class PollTimes {
    private long[] ms = new long[64];
    private int n;

    synchronized void add(long roundMs) {
        if (n == ms.length) {
            ms = Arrays.copyOf(ms, n * 2);
        }
        ms[n++] = roundMs;
    }

    /** The rounds since the last call, as a line; starts counting anew. */
    synchronized String takeSummary(int clients) {
        if (n == 0) {
            return "status polls of " + clients + " client(s): none";
        }
        long[] sorted = Arrays.copyOf(ms, n);
        Arrays.sort(sorted);
        String s = String.format(Locale.ROOT, "status polls of %d client(s): %d rounds, p50 %d ms, p99 %d ms, slowest %d ms",
                clients, n, sorted[rank(0.50)], sorted[rank(0.99)], sorted[n - 1]);
        n = 0;
        return s;
    }

    /** The nearest-rank index of percentile {@code p} of the {@code n} rounds. */
    private int rank(double p) {
        return Math.max(0, (int) Math.ceil(p * n) - 1);
    }
}
