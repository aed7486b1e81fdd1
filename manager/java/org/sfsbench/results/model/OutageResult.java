package org.sfsbench.results.model;

/**
 * One outage of a load point's RUN, all clients merged (docs/running.md "Outages"). Times are
 * seconds from the start of RUN.
 *
 * @param beginSeconds    the intended start of the first op that waited on the server past the
 *                        engine's stall threshold or lost its connection
 * @param endSeconds      the completion of the first op completed after it; NaN if it lasted to the end
 * @param resent          requests sent again after a lost connection
 * @param failed          ops intended within it that failed
 * @param reconnects      connections (mounts, sessions) made again
 * @param reopened        handles the server lost, opened or looked up again
 * @param lost            handles that could not be opened again
 * @param recoverySeconds from its begin to the end of the first second whose ops/s was back to 90 %
 *                        of the level before it; NaN if it never was within RUN
 * @param p99BeforeMs     p99 latency of the ops completed before it (NaN: none)
 * @param p99DuringMs     ... of those completed during it, up to the first sample after its end
 * @param p99AfterMs      ... of those completed after that
 */
public record OutageResult(double beginSeconds, double endSeconds, long resent, long failed, long reconnects,
        long reopened, long lost, double recoverySeconds, double p99BeforeMs, double p99DuringMs,
        double p99AfterMs) {

    /** Its length in seconds (NaN while it lasted to the end). */
    public double seconds() {
        return endSeconds - beginSeconds;
    }
}
