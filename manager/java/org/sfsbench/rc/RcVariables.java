package org.sfsbench.rc;

import java.util.List;
import java.util.Map;

/** The rc variable names sfsbench knows: the guide's (3.3, 3.3.1), SPECsfs2008 template ones, ours. */
final class RcVariables {
    private RcVariables() {
    }

    /** Canonical names, in the order of docs/rc-reference.md. */
    static final List<String> NAMES = List.of(
            // guide 3.3 / 1.3
            "LOAD", "INCR_LOAD", "NUM_RUNS", "PROCS", "CLIENTS", "MNT_POINTS", "FS_PROTOCOL",
            "USERNAME", "PASSWORD", "DOMAIN", "SFS_NFS_USER_ID", "SFS_NFS_GROUP_ID",
            // guide 3.3.1
            "TCP", "BIOD_MAX_READS", "BIOD_MAX_WRITES", "SFS_DIR", "WORK_DIR", "PRIME_MON_SCRIPT",
            "PRIME_MON_ARGS", "WARMUP_TIME", "RUNTIME", "INIT_TIMEOUT", "BLOCK_SIZE", "MIXFILE",
            "ACCESS_PCNT", "DEBUG",
            // SPECsfs2008 templates
            "APPEND_PCNT", "DIR_COUNT", "SYMLINK_COUNT", "FILE_COUNT", "BLOCK_FILE", "PRIME_SLEEP",
            "PRIME_TIMEOUT", "IPV6_ENABLE", "DUMP", "POPULATE", "LAT_GRAPH",
            // sfsbench extensions
            "WORKLOAD", "FILESET_SCALE", "SAMPLE_INTERVAL", "TRIALS", "AGENT_PORT", "SMB_CLIENT",
            "AGENT_START", "AGENT_TLS", "CLOCK_SYNC", "SSH_USER", "SSH_PORT", "SSH_IDENTITY", "SSH_CONFIG",
            "WINDOWS_CLIENTS", "WINDOWS_SFS_DIR",
            "DATA_COMPRESS_PCT", "DATA_DEDUP_PCT", "DIRECT_IO", "EVENT_LOOPS", "URING_SPIN_US",
            // steady-state warm-up (docs/steady-state.md)
            "WARMUP_MAX",
            // watching a run (docs/live.md)
            "LIVE", "SERVER_MON",
            // riding through a server outage (docs/running.md "Outages")
            "OUTAGE", "OUTAGE_MAX", "DISRUPT", "DISRUPT_AT",
            // sfsbench top speed (docs/top-speed.md)
            "XFER_SIZE", "WORKING_SET", "SERVER_CACHE", "STEP_PROCS", "PLATEAU_PCT", "CURVE_PCTS",
            "CURVE_MAX_MSEC", "SLO", "SLO_PRECISION", "SLO_CONFIRM",
            // WORKLOAD=access (docs/access-specs.md)
            "ACCESS_SPECS", "OUTSTANDING_IOS", "RAMP_UP_TIME", "ACCESS_TARGET_WRITES", "ACCESS_FILE_SIZE",
            // WORKLOAD=loadfile (docs/loadfile.md)
            "LOADFILE", "CLIENT_COUNTS", "LOADFILE_TIMING", "LOADFILE_SPEED", "LOADFILE_DEAL", "LOADFILE_PASSES",
            "TARGET_RATE_MBPS");

    /** The variables of WORKLOAD=loadfile alone (refused with the other workloads). */
    static final List<String> LOADFILE_ONLY = NAMES.subList(NAMES.indexOf("LOADFILE"), NAMES.size());

    /** The variables of WORKLOAD=access alone (refused with the other workloads). */
    static final List<String> ACCESS_ONLY = NAMES.subList(NAMES.indexOf("ACCESS_SPECS"),
            NAMES.indexOf("ACCESS_FILE_SIZE") + 1);

    /** Other spellings of a variable: alias to canonical name. */
    static final Map<String, String> ALIASES = Map.of("NUM_PROCS", "PROCS");

    /** Canonical name of a known variable, or null. */
    static String canonical(String name) {
        if (NAMES.contains(name)) {
            return name;
        }
        return ALIASES.get(name);
    }

    /** Every accepted spelling, for "did you mean" hints. */
    static List<String> allSpellings() {
        List<String> all = new java.util.ArrayList<>(NAMES);
        all.addAll(ALIASES.keySet());
        return all;
    }
}
