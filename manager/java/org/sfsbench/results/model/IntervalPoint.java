package org.sfsbench.results.model;

/**
 * One sampling interval of the RUN phase of a load point, for time series.
 *
 * @param timeSeconds end of the interval, seconds since RUN started
 * @param opsPerSec ops completed in the interval / interval length
 * @param meanMs latency sum of the interval / its ops (NaN without ops)
 * @param p99Ms 99th percentile latency of the ops completed in the interval (NaN without ops)
 * @param errors failed ops in the interval
 * @param behindProcs procs more than 1 s behind schedule at the end of the interval
 */
public record IntervalPoint(double timeSeconds, double opsPerSec, double meanMs, double p99Ms, long errors, long behindProcs) {
}
