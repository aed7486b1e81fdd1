package org.sfsbench.manager;

/**
 * The live line's clock of a point: it starts with WARMUP and runs on through RUN, so it never
 * goes back when the phase changes.
 *
 * @param start   when WARMUP began, ms since the epoch
 * @param seconds WARMUP and RUN together, as planned
 */
record PointClock(long start, int seconds) {
}
