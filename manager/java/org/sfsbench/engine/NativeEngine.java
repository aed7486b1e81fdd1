package org.sfsbench.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Direct JNA mapping of libsfsengine (native/include/sfsengine.h). Direct mapping costs tens of
 * nanoseconds a call; Java calls in only per phase and per sampling interval.
 */
public final class NativeEngine {
    /** The version of the function set declared below (SFS_ENGINE_API_VERSION it was written for). */
    static final int BINDING_API_VERSION = 3;

    static {
        Native.register(NativeEngine.class, "sfsengine");
        if (sfs_engine_api_version() != BINDING_API_VERSION) {
            throw new UnsatisfiedLinkError("libsfsengine API " + sfs_engine_api_version()
                    + " does not match this jar's binding (API " + BINDING_API_VERSION + ")");
        }
    }

    private NativeEngine() {
    }

    /** The engine's own version string. */
    public static String version() {
        return sfs_engine_version();
    }

    static native String sfs_engine_version();

    static native int sfs_engine_api_version();

    static native long sfs_engine_sample_words();

    static native Pointer sfs_engine_open(String config, byte[] err, int errlen);

    static native int sfs_engine_start(Pointer e, int phase, double seconds);

    static native int sfs_engine_step(Pointer e, String changes, byte[] err, int errlen);

    static native int sfs_engine_wait(Pointer e, int timeoutMs);

    static native int sfs_engine_error(Pointer e, byte[] buf, int len);

    static native long sfs_engine_sample(Pointer e, long[] out, long words);

    static native void sfs_engine_stop(Pointer e);

    static native void sfs_engine_close(Pointer e);

    static native int sfs_engine_validate(String config, byte[] report, int reportlen);

    static native int sfs_engine_clean(String config, String pattern, int dryRun, byte[] report, int reportlen);

    static native String sfs_engine_op_name(int op);

    static native int sfs_engine_op_flags(int op);

    /** Lower bound (us) of histogram bucket {@code i}. */
    static native long sfs_engine_hist_lower(int i);

    static native int sfs_engine_space(String config, byte[] report, int reportlen);

    static native int sfs_engine_loadfile_check(String name, byte[] text, long len, byte[] report, int reportlen);

    static native String sfs_engine_op_unavailable(String backend, String options, int op);

    static native int sfs_engine_op_count();

    static native int sfs_engine_workload_count();

    static native String sfs_engine_workload_name(int w);

    static native String sfs_engine_workload_description(int w);

    static native int sfs_engine_workload_flags(int w);

    static native int sfs_engine_workload_rules(int w);

    static native int sfs_engine_workload_issues(int w, int op);

    static native double sfs_engine_workload_mix(int w, int op);

    static native int sfs_engine_workload_runs_on(int w, int b);

    static native int sfs_engine_target_mix(String config, double[] pct, int n, byte[] err, int errlen);

    static native int sfs_engine_backend_count();

    static native String sfs_engine_backend_name(int b);

    static native String sfs_engine_backend_description(int b);

    static native int sfs_engine_backend_caps(int b);

    static native int sfs_engine_backend_issues(int b, int op);

    static native String sfs_engine_backend_standard_workload(int b);

    static native int sfs_engine_fact_count();

    static native String sfs_engine_fact_name(int i);

    static native long sfs_engine_fact_value(int i);

    static native String sfs_engine_status_name(String backend, int status);

    static native int sfs_engine_access_check(String spec, byte[] report, int reportlen);

    static native int sfs_engine_key_count(int b);

    static native String sfs_engine_key_name(int b, int k);

    static native int sfs_engine_key_type(int b, int k);

    static native double sfs_engine_key_min(int b, int k);

    static native double sfs_engine_key_max(int b, int k);

    static native String sfs_engine_key_default(int b, int k);

    static native String sfs_engine_key_help(int b, int k);
}
