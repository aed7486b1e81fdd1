package org.sfsbench.results.model;

/**
 * Achieved throughput and CPU of one client at one load point.
 *
 * @param client client name
 * @param number 1-based client number
 * @param opsPerSec ops of this client / measured seconds of the point
 * @param mbPerSec bytes this client moved / measured seconds / 10^6 (NaN when not known)
 * @param cpu the client's CPU over the RUN window; null when not measured
 * @param clock the client's clock offset and phase starts; null when not measured
 */
public record ClientThroughput(String client, int number, double opsPerSec, double mbPerSec, CpuResult cpu,
        ClientClock clock) {

    /** The same client with its clock figures. */
    public ClientThroughput withClock(ClientClock c) {
        return new ClientThroughput(client, number, opsPerSec, mbPerSec, cpu, c);
    }
}
