package org.sfsbench.engine;

/** Mirror of the counter layout constants in native/include/sfsengine.h. */
public final class SampleLayout {
    public static final int API_VERSION = 2;
    public static final int OPS_MAX = 40;
    public static final int HIST_BUCKETS = 1024;
    public static final int ERR_SLOTS = 64;
    /** Error-table status of ops not sent because the backend cannot express them (SFS_STATUS_NOT_ISSUED). */
    public static final int STATUS_NOT_ISSUED = 0x7fff0001;

    public static final int S_LAYOUT = 0;
    public static final int S_PHASE = 1;
    public static final int S_ELAPSED_US = 2;
    public static final int S_INIT_DONE = 3;
    public static final int S_INIT_TOTAL = 4;
    public static final int S_FILESET_BYTES = 5;
    public static final int S_PROCS = 6;
    public static final int S_BEHIND = 7;
    public static final int S_HEADER_WORDS = 8;

    public static final int O_OPS = 0;
    public static final int O_ERRORS = 1;
    public static final int O_BYTES = 2;
    public static final int O_LAT_SUM = 3;
    public static final int O_LAT_MIN = 4;
    public static final int O_LAT_MAX = 5;
    public static final int O_SVC_SUM = 6;
    public static final int O_LATE = 7;
    public static final int O_PHYSICAL = 8;
    public static final int O_HIST = 9;
    public static final int O_WORDS = O_HIST + HIST_BUCKETS;

    public static final int E_BASE = S_HEADER_WORDS + OPS_MAX * O_WORDS;
    public static final int C_BASE = E_BASE + 1 + 2 * ERR_SLOTS;
    public static final int C_WINDOW_US = 0;
    public static final int C_HOST_TICKS = 1;
    public static final int C_HOST_USER = 2;
    public static final int C_HOST_SYSTEM = 3;
    public static final int C_HOST_IDLE = 4;
    public static final int C_HOST_CPUS = 5;
    public static final int C_PROC_USER_US = 6;
    public static final int C_PROC_SYS_US = 7;
    public static final int C_WORDS = 8;
    public static final int WORDS = C_BASE + C_WORDS;

    private SampleLayout() {
    }

    /** Offset of word {@code field} of op {@code op}. */
    public static int op(int op, int field) {
        return S_HEADER_WORDS + op * O_WORDS + field;
    }
}
