package org.sfsbench.results;

import java.util.List;

/**
 * The rc values the run rules look at. The rc layer (org.sfsbench.rc) implements or adapts it;
 * this package does not depend on the rc parser.
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

    /** Procs over all clients. */
    int procsTotal();

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
}
