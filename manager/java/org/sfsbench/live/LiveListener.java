package org.sfsbench.live;

/**
 * Receives a run as it happens: the manager calls it from its polling thread, so implementations
 * return quickly and never throw.
 */
public interface LiveListener {
    /** Nobody listens. */
    LiveListener NONE = new LiveListener() {
    };

    /** One poll of the agents. */
    default void tick(LiveTick tick) {
    }

    /** A load point or step finished: its place on the curve. */
    default void pointFinished(FinishedPoint point) {
    }

    /** One second of the server monitor (SERVER_MON), or its end with the cause. */
    default void server(ServerSecond second) {
    }

    /** The run is over: the headline as the console prints it. */
    default void runFinished(String headline, boolean complete) {
    }

    /**
     * One finished point of the curve.
     *
     * @param index load point or step number
     * @param requestedOpsPerSec 0 for unpaced steps
     * @param achievedOpsPerSec achieved ops/s over RUN
     * @param msecPerOp mean response time over RUN
     * @param mbPerSec payload MB/s (10^6 bytes) over RUN
     */
    record FinishedPoint(int index, long requestedOpsPerSec, double achievedOpsPerSec, double msecPerOp,
            double mbPerSec) {
    }

    /**
     * One sample of the server monitor: cumulative counters as the server's /proc gives them.
     *
     * @param timeMs when it was taken
     * @param cpuBusyPercent server CPU busy since the previous sample (user, nice, system, irq, softirq),
     *     percent of all CPUs; NaN for the first
     * @param netRxBytes bytes received over all interfaces but loopback, or over loopback alone
     *     when that is all the server has (the sum of {@code ServerSample}'s interfaces)
     * @param netTxBytes bytes sent, the same interfaces
     * @param diskReadBytes bytes read from whole disks
     * @param diskWriteBytes bytes written to whole disks
     * @param diskReads reads completed
     * @param diskWrites writes completed
     * @param missing null while samples arrive; else why they stopped (the other fields are then 0)
     */
    record ServerSecond(long timeMs, double cpuBusyPercent, long netRxBytes, long netTxBytes, long diskReadBytes,
            long diskWriteBytes, long diskReads, long diskWrites, String missing) {
    }
}
