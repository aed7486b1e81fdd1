package org.sfsbench.results;

import java.util.List;

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
}
