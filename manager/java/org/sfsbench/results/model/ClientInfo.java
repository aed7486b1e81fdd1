package org.sfsbench.results.model;

/**
 * One load generator (client) of the run, in CLIENTS order.
 *
 * @param name host name as given in CLIENTS
 * @param number 1-based client number (sfsc0001 is client 1)
 * @param procs procs (load-generating processes) on this client
 */
public record ClientInfo(String name, int number, int procs) {
}
