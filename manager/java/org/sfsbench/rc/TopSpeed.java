package org.sfsbench.rc;

import java.util.List;

import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.slo.Slo;

/**
 * The top-speed settings of an rc file (docs/top-speed.md): unpaced load, the data-set workloads'
 * transfer and working-set sizes, procs stepped within one run, and the automatic curve.
 *
 * @param unpaced      LOAD=max: every proc runs as fast as it can
 * @param xferSize     XFER_SIZE bytes, 0 = the workload's own sizes
 * @param workingSet   WORKING_SET bytes per client, 0 = unset
 * @param serverCache  SERVER_CACHE bytes (what the server can cache), 0 = unset
 * @param steps        STEP_PROCS, or null for one step of PROCS procs
 * @param plateauPct   PLATEAU_PCT: stop stepping when a step adds less than this, 0 = never
 * @param curvePcts    CURVE_PCTS: percentages of the measured maximum to run paced, empty = none
 * @param curveMaxMsec CURVE_MAX_MSEC: the curve stops after a point above this mean response time, 0 = never
 * @param slo          SLO with SLO_PRECISION and SLO_CONFIRM: after the maximum, the search for the highest paced
 *                     load that meets it (docs/slo.md); null when unset
 */
public record TopSpeed(boolean unpaced, long xferSize, long workingSet, long serverCache, StepProcs steps,
        double plateauPct, List<Integer> curvePcts, double curveMaxMsec, Slo slo) {

    public TopSpeed {
        curvePcts = List.copyOf(curvePcts);
    }

    /** Nothing set: the classic paced load points. */
    public static TopSpeed none() {
        return new TopSpeed(false, 0, 0, 0, null, 0, List.of(), 0, null);
    }

    /** True if the workload uses a WORKING_SET data set rather than the SFS file set. */
    public static boolean isDataset(String workload) {
        EngineCatalog.Workload w = EngineCatalog.get().workload(workload);
        return w != null && w.dataset();
    }

    /**
     * STEP_PROCS="start add every max": procs per client, starting at {@code start}, {@code add}
     * more every {@code everySeconds} up to {@code max}; each step's first {@code rampSeconds}
     * are not measured.
     */
    public record StepProcs(int start, int add, int everySeconds, int max, int rampSeconds) {
        /** Procs per client of every step, in order. */
        public List<Integer> counts() {
            List<Integer> c = new java.util.ArrayList<>();
            for (int p = start; p <= max; p += add) {
                c.add(p);
                if (add == 0) {
                    break;
                }
            }
            if (c.get(c.size() - 1) != max) {
                c.add(max);
            }
            return c;
        }

        /** Measured seconds of a step. */
        public int measureSeconds() {
            return everySeconds - rampSeconds;
        }
    }
}
