package org.sfsbench.results.model;

/**
 * One load generator (client) of the run, in CLIENTS order.
 *
 * @param name host name as given in CLIENTS
 * @param number 1-based client number (sfsc0001 is client 1)
 * @param procs procs (load-generating processes) on this client
 * @param os the operating system its agent ran ({@code os.name os.arch} of its JVM, e.g. "Windows 10 amd64"); ""
 *     when not known (no agent answered, or results written before clients said it)
 */
public record ClientInfo(String name, int number, int procs, String os) {
}
