package org.sfsbench.results.model;

import java.util.List;

/**
 * One trial of a load point measured TRIALS times (docs/compare.md): the figures a trial's own
 * sfssum row would have had, and its interval samples.
 *
 * @param trial 1-based trial number
 * @param startTime start of the trial's RUN phase, ISO-8601 UTC
 * @param achievedOpsPerSec total ops / seconds
 * @param throughputMBps MB/s (10^6 bytes), NaN when not known
 * @param msecPerOp mean response time
 * @param p99Ms 99th percentile response time
 * @param totalOps logical ops completed
 * @param failedOps failed logical ops
 * @param seconds measured length of the RUN phase
 * @param cpuUsPerOp client worker CPU microseconds per op, NaN when not measured
 * @param intervals the trial's RUN phase time series
 */
public record TrialResult(int trial, String startTime, double achievedOpsPerSec, double throughputMBps,
        double msecPerOp, double p99Ms, long totalOps, long failedOps, double seconds, double cpuUsPerOp,
        List<IntervalPoint> intervals) {
    public TrialResult {
        intervals = List.copyOf(intervals);
    }

    /** The trial's figures taken from a point measured once. */
    public static TrialResult of(int trial, LoadPointResult p) {
        return new TrialResult(trial, p.startTime(), p.achievedOpsPerSec(), p.throughputMBps(), p.msecPerOp(),
                p.p99Ms(), p.totalOps(), p.failedOps(), p.seconds(),
                p.cpu() == null ? Double.NaN : p.cpu().processUsPerOp(), p.intervals());
    }
}
