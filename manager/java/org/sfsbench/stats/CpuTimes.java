package org.sfsbench.stats;

import java.io.Serializable;

/**
 * Client CPU over the window of a phase's counters, as the engine measures it (the C_* words of
 * sfsengine.h): the host's CPU ticks from /proc/stat (all CPUs of the host) and the worker
 * process's own CPU time (getrusage). Samples of several workers or clients add up; the window is
 * the longest of them.
 *
 * @param windowUs length of the window, microseconds; 0 = not measured
 * @param hostTicks host CPU ticks in the window, every CPU
 * @param hostUser of them user + nice
 * @param hostSystem of them system + irq + softirq
 * @param hostIdle of them idle + iowait (the rest is steal)
 * @param hostCpus CPUs online (added up over hosts when merged)
 * @param processUserUs the worker process's user CPU time, microseconds
 * @param processSystemUs its system CPU time, microseconds
 */
public record CpuTimes(long windowUs, long hostTicks, long hostUser, long hostSystem, long hostIdle, long hostCpus,
        long processUserUs, long processSystemUs) implements Serializable {

    /** Nothing measured. */
    public static final CpuTimes NONE = new CpuTimes(0, 0, 0, 0, 0, 0, 0, 0);

    /** True when the window had host ticks to divide by. */
    public boolean measured() {
        return windowUs > 0 && hostTicks > 0;
    }

    /** Host CPU busy (user + system) as a percentage of all its CPUs, 0..100; NaN if not measured. */
    public double hostBusyPercent() {
        return measured() ? 100.0 * (hostUser + hostSystem) / hostTicks : Double.NaN;
    }

    /** Host user + nice time, percent of all CPUs. */
    public double hostUserPercent() {
        return measured() ? 100.0 * hostUser / hostTicks : Double.NaN;
    }

    /** Host system + irq + softirq time, percent of all CPUs. */
    public double hostSystemPercent() {
        return measured() ? 100.0 * hostSystem / hostTicks : Double.NaN;
    }

    /** The worker process's CPU time in microseconds (user + system). */
    public long processUs() {
        return processUserUs + processSystemUs;
    }

    /** The worker process's CPU time / window, 100 = one CPU busy (0..100 x CPUs); NaN if not measured. */
    public double processPercent() {
        return measured() ? 100.0 * processUs() / windowUs : Double.NaN;
    }

    /** Worker process CPU microseconds per op; NaN without ops or measurement. */
    public double processUsPerOp(long ops) {
        return measured() && ops > 0 ? (double) processUs() / ops : Double.NaN;
    }

    /** Two sources together: times add, the window is the longer one. */
    public CpuTimes plus(CpuTimes o) {
        return new CpuTimes(Math.max(windowUs, o.windowUs), hostTicks + o.hostTicks, hostUser + o.hostUser,
                hostSystem + o.hostSystem, hostIdle + o.hostIdle, hostCpus + o.hostCpus,
                processUserUs + o.processUserUs, processSystemUs + o.processSystemUs);
    }

    /** The interval between {@code earlier} and this, both cumulative over the same window start. */
    public CpuTimes minus(CpuTimes earlier) {
        return new CpuTimes(windowUs - earlier.windowUs, hostTicks - earlier.hostTicks, hostUser - earlier.hostUser,
                hostSystem - earlier.hostSystem, hostIdle - earlier.hostIdle, hostCpus,
                processUserUs - earlier.processUserUs, processSystemUs - earlier.processSystemUs);
    }
}
