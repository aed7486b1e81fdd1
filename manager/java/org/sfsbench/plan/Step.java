package org.sfsbench.plan;

import java.util.Locale;

/**
 * One step of a load point that keeps its file set (docs/top-speed.md): the procs per client that
 * generate load and their rate, then a ramp that is not measured and a measured part. Between two
 * steps the engine changes only these settings ({@link #engineChanges()}); nothing is rebuilt.
 *
 * @param index           1-based step number within the run
 * @param kind            what the step is for
 * @param procsPerClient  procs of each client that generate load
 * @param perProcRate     ops/s of each of them, 0 = unpaced
 * @param curvePct        for a curve point, its percentage of the measured maximum; else 0
 * @param rampSeconds     seconds of load before measuring
 * @param measureSeconds  measured seconds
 */
public record Step(int index, Kind kind, int procsPerClient, double perProcRate, int curvePct, int rampSeconds,
        int measureSeconds) {

    /** What a step is for. */
    public enum Kind {
        /** unpaced, PROCS procs: the maximum of a LOAD=max run */
        MAX,
        /** unpaced, one of the STEP_PROCS counts */
        PROCS,
        /** paced at a CURVE_PCTS percentage of the maximum */
        CURVE,
        /** paced at a rate the SLO search chose (docs/slo.md) */
        PROBE
    }

    /** The engine step: key=value lines of sfs_engine_step. */
    public String engineChanges() {
        return "active=" + procsPerClient + "\nrate=" + String.format(Locale.ROOT, "%.6f", perProcRate) + "\n";
    }

    /** Short description for progress lines and logs. */
    public String label() {
        return switch (kind) {
            case MAX -> "maximum, " + procsPerClient + " procs per client, unpaced";
            case PROCS -> procsPerClient + " procs per client, unpaced";
            case CURVE -> curvePct + " % of the maximum, " + procsPerClient + " procs per client at "
                    + String.format(Locale.ROOT, "%.2f", perProcRate) + " ops/s each";
            case PROBE -> "SLO probe, " + procsPerClient + " procs per client at "
                    + String.format(Locale.ROOT, "%.2f", perProcRate) + " ops/s each";
        };
    }
}
