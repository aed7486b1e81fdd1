package org.sfsbench.results.model;

/**
 * Client CPU over a measured window (the RUN phase of a load point or step), docs/results.md
 * "Client CPU". For several clients together the host percentages are over all their ticks (a
 * weighted mean) and the process figures add up.
 *
 * @param hostBusyPercent host CPU busy (user + system) over the window, percent of all its CPUs (0..100)
 * @param hostUserPercent host user + nice time, percent of all its CPUs
 * @param hostSystemPercent host system + irq + softirq time, percent of all its CPUs
 * @param hostCpus CPUs online on the host (added up over clients)
 * @param processPercent the worker process's CPU time / window, percent of one CPU (0..100 x CPUs)
 * @param processUsPerOp the worker process's CPU microseconds per op counted in the window
 */
public record CpuResult(double hostBusyPercent, double hostUserPercent, double hostSystemPercent, int hostCpus,
        double processPercent, double processUsPerOp) {
}
