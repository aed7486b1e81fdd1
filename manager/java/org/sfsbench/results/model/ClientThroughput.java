package org.sfsbench.results.model;

/**
 * Achieved throughput of one client at one load point.
 *
 * @param client client name
 * @param number 1-based client number
 * @param opsPerSec ops of this client / measured seconds of the point
 */
public record ClientThroughput(String client, int number, double opsPerSec) {
}
