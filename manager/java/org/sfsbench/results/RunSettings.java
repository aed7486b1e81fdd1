package org.sfsbench.results;

import java.util.List;

import org.sfsbench.engine.WorkloadRules;

/**
 * The settings and planned loads the run rules look at, the same before the run ({@code sfs plan})
 * and after it. org.sfsbench.plan implements it from an rc file; this package does not depend on
 * the rc parser.
 */
public interface RunSettings {
    /** RUNTIME, seconds. */
    int runtimeSeconds();

    /** WARMUP_TIME, seconds. */
    int warmupSeconds();

    /** True when DEBUG is set to anything. */
    boolean debug();

    /** FILESET_SCALE (1 when not set). */
    double filesetScale();

    /** Requested ops/s of every planned load point, in run order (the plan's, also after a run that ended early). */
    List<Long> plannedLoads();

    /** BIOD_MAX_READS. */
    int biodMaxReads();

    /** BIOD_MAX_WRITES. */
    int biodMaxWrites();

    /** True when MIXFILE replaces the standard mix of the protocol. */
    boolean customMix();

    /**
     * sfsbench extensions or forbidden non-default values the run uses, one short phrase each
     * naming variable and value (e.g. "FS_PROTOCOL=posix", "ACCESS_PCNT=50"); empty for a
     * standard run.
     */
    List<String> extensions();

    /** True when the load points are numbers of replaying clients (WORKLOAD=loadfile), not ops/s: no spacing rule. */
    default boolean loadsAreClientCounts() {
        return false;
    }

    /** Which rules judge the run: its workload's; LOAD=max makes an SFS workload a top-speed run. */
    default WorkloadRules rules() {
        return WorkloadRules.SPECSFS2008;
    }

    /** Seconds point {@code index} (1-based) is to be measured: RUNTIME, an access step's run time, a step's window. */
    default int plannedRunSeconds(int index) {
        return runtimeSeconds();
    }

    /**
     * WORKLOAD=access: the access specification and outstanding I/Os per worker of point {@code index}
     * (1-based); null for other runs.
     */
    default AccessTarget accessTarget(int index) {
        return null;
    }

    /** True when STEP_PROCS ramps the procs up (LOAD=max), so that a knee can be looked for. */
    default boolean procsRamp() {
        return false;
    }

    /** A step adding less than this percentage of ops/s over the previous one ends the ramp (the knee). */
    default double kneePct() {
        return 5;
    }

    /**
     * One access step's target.
     *
     * @param spec           the access specification's name
     * @param outstandingIos I/Os each worker keeps in flight
     */
    record AccessTarget(String spec, int outstandingIos) {
    }
}
