package org.sfsbench.results.model;

/**
 * How closely a paced loadfile replay (LOADFILE_TIMING=timestamps, TARGET_RATE_MBPS) kept its
 * schedule over RUN: percentiles of every op's lag, its send time minus the time the schedule gave
 * it, from the engine's lag histogram (docs/loadfile.md, "Timing").
 *
 * @param ops ops counted
 * @param p50Ms 50th percentile of the lag, ms
 * @param p90Ms 90th percentile
 * @param p99Ms 99th percentile
 * @param maxMs the largest lag, ms
 */
public record ReplayLagResult(long ops, double p50Ms, double p90Ms, double p99Ms, double maxMs) {
}
