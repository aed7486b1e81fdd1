package org.sfsbench.engine;

/**
 * The counter layout of sfs_engine_sample (native/include/sfsengine.h): every offset is read from
 * the loaded engine by the name of its macro (field X = SFS_X; {@link #WORDS} = SFS_SAMPLE_WORDS),
 * so Java cannot disagree with the engine it runs.
 */
public final class SampleLayout {
    public static final int API_VERSION = f("SFS_ENGINE_API_VERSION");
    public static final int OPS_MAX = f("SFS_OPS_MAX");
    public static final int HIST_BUCKETS = f("SFS_HIST_BUCKETS");
    public static final int ERR_SLOTS = f("SFS_ERR_SLOTS");
    /** Error-table status of ops not sent because the backend cannot express them (SFS_STATUS_NOT_ISSUED). */
    public static final int STATUS_NOT_ISSUED = f("SFS_STATUS_NOT_ISSUED");

    public static final int S_LAYOUT = f("SFS_S_LAYOUT");
    public static final int S_PHASE = f("SFS_S_PHASE");
    public static final int S_ELAPSED_US = f("SFS_S_ELAPSED_US");
    public static final int S_INIT_DONE = f("SFS_S_INIT_DONE");
    public static final int S_INIT_TOTAL = f("SFS_S_INIT_TOTAL");
    public static final int S_FILESET_BYTES = f("SFS_S_FILESET_BYTES");
    public static final int S_PROCS = f("SFS_S_PROCS");
    public static final int S_BEHIND = f("SFS_S_BEHIND");
    public static final int S_HEADER_WORDS = f("SFS_S_HEADER_WORDS");

    public static final int O_OPS = f("SFS_O_OPS");
    public static final int O_ERRORS = f("SFS_O_ERRORS");
    public static final int O_BYTES = f("SFS_O_BYTES");
    public static final int O_LAT_SUM = f("SFS_O_LAT_SUM");
    public static final int O_LAT_MIN = f("SFS_O_LAT_MIN");
    public static final int O_LAT_MAX = f("SFS_O_LAT_MAX");
    public static final int O_SVC_SUM = f("SFS_O_SVC_SUM");
    public static final int O_LATE = f("SFS_O_LATE");
    public static final int O_PHYSICAL = f("SFS_O_PHYSICAL");
    public static final int O_RETRIES = f("SFS_O_RETRIES");
    public static final int O_AFTER_END = f("SFS_O_AFTER_END");
    public static final int O_HIST = f("SFS_O_HIST");
    public static final int O_WORDS = f("SFS_O_WORDS");

    public static final int E_BASE = f("SFS_E_BASE");
    public static final int C_BASE = f("SFS_C_BASE");
    public static final int C_WINDOW_US = f("SFS_C_WINDOW_US");
    public static final int C_HOST_TICKS = f("SFS_C_HOST_TICKS");
    public static final int C_HOST_USER = f("SFS_C_HOST_USER");
    public static final int C_HOST_SYSTEM = f("SFS_C_HOST_SYSTEM");
    public static final int C_HOST_IDLE = f("SFS_C_HOST_IDLE");
    public static final int C_HOST_CPUS = f("SFS_C_HOST_CPUS");
    public static final int C_PROC_USER_US = f("SFS_C_PROC_USER_US");
    public static final int C_PROC_SYS_US = f("SFS_C_PROC_SYS_US");
    public static final int C_WORDS = f("SFS_C_WORDS");
    public static final int L_BASE = f("SFS_L_BASE");
    public static final int L_MAX = f("SFS_L_MAX");
    public static final int L_HIST = f("SFS_L_HIST");
    public static final int L_WORDS = f("SFS_L_WORDS");
    public static final int OUTAGE_STALL_US = f("SFS_OUTAGE_STALL_US");
    public static final int OUTAGES_MAX = f("SFS_OUTAGES_MAX");
    public static final int OUTAGE_BASE = f("SFS_OUTAGE_BASE");
    public static final int OUTAGE_COUNT = f("SFS_OUTAGE_COUNT");
    public static final int OUTAGE_UNLISTED = f("SFS_OUTAGE_UNLISTED");
    public static final int OUTAGE_LIST = f("SFS_OUTAGE_LIST");
    public static final int OUTAGE_BEGIN_US = f("SFS_OUTAGE_BEGIN_US");
    public static final int OUTAGE_END_US = f("SFS_OUTAGE_END_US");
    public static final int OUTAGE_RESENT = f("SFS_OUTAGE_RESENT");
    public static final int OUTAGE_FAILED = f("SFS_OUTAGE_FAILED");
    public static final int OUTAGE_RECONNECTS = f("SFS_OUTAGE_RECONNECTS");
    public static final int OUTAGE_REOPENED = f("SFS_OUTAGE_REOPENED");
    public static final int OUTAGE_LOST = f("SFS_OUTAGE_LOST");
    public static final int OUTAGE_REC_WORDS = f("SFS_OUTAGE_REC_WORDS");
    public static final int OUTAGE_WORDS = f("SFS_OUTAGE_WORDS");
    public static final int WORDS = f("SFS_SAMPLE_WORDS");

    private SampleLayout() {
    }

    private static int f(String name) {
        return EngineFacts.integer(name);
    }

    /** Offset of word {@code field} of op {@code op}. */
    public static int op(int op, int field) {
        return S_HEADER_WORDS + op * O_WORDS + field;
    }
}
