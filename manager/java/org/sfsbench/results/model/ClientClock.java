package org.sfsbench.results.model;

/**
 * One client's clock at one load point (docs/running.md, "Clocks").
 *
 * @param offsetMs        the agent's clock minus the manager's, ms (the estimate at the end of the point)
 * @param uncertaintyMs   half the round trip the estimate came from, ms
 * @param warmupLagMs     when the client's last worker started WARMUP, by the manager's clock, minus the
 *                        instant asked for, ms (negative: early; NaN: not seen)
 * @param runLagMs        the same for RUN
 * @param steps           clock steps seen during the point (an offset that moved beyond its uncertainty)
 * @param slowestAnswerMs the slowest status answer of the point, ms, from when it could be given (a worker
 *                        waiting for a phase's instant answers after it)
 * @param behindProcs     most procs the client had over 1 s behind their schedule at one poll
 */
public record ClientClock(double offsetMs, double uncertaintyMs, double warmupLagMs, double runLagMs, int steps,
        double slowestAnswerMs, long behindProcs) {

    /** The larger (by size) of the WARMUP and RUN lags, NaN when neither was seen. */
    public double worstLagMs() {
        if (Double.isNaN(warmupLagMs)) {
            return runLagMs;
        }
        if (Double.isNaN(runLagMs)) {
            return warmupLagMs;
        }
        return Math.abs(runLagMs) > Math.abs(warmupLagMs) ? runLagMs : warmupLagMs;
    }
}
