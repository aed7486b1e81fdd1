package org.sfsbench.engine;

import java.nio.charset.StandardCharsets;
import java.util.List;

import com.sun.jna.Pointer;

/**
 * One native engine instance (one load point of one worker process). Thin, checked wrapper over
 * {@link NativeEngine}: errors become {@link EngineException} with the engine's own message.
 */
public final class Engine implements AutoCloseable {

    /** States returned by {@link #waitFor(int)}. */
    public enum State {
        RUNNING, DONE, FAILED
    }

    private Pointer handle;

    private Engine(Pointer handle) {
        this.handle = handle;
    }

    /** Parses the config and opens the backend for every proc (mount / connect). */
    public static Engine open(String config) {
        byte[] err = new byte[4096];
        Pointer p = NativeEngine.sfs_engine_open(config, err, err.length);
        if (p == null) {
            throw new EngineException(cString(err));
        }
        return new Engine(p);
    }

    /** Starts a phase; for INIT {@code seconds} is the timeout, otherwise the duration. */
    public synchronized void start(Phase phase, double seconds) {
        if (NativeEngine.sfs_engine_start(live(), phase.id(), seconds) != 0) {
            throw new EngineException(error());
        }
    }

    /**
     * Changes the active procs and/or the rate between phases, keeping the file set (one step of a
     * stepped run): {@code changes} are key=value lines, see sfs_engine_step in sfsengine.h.
     */
    public synchronized void step(String changes) {
        byte[] err = new byte[1024];
        if (NativeEngine.sfs_engine_step(live(), changes, err, err.length) != 0) {
            throw new EngineException(cString(err));
        }
    }

    /** Waits up to {@code timeoutMs} for the current phase to end. */
    public State waitFor(int timeoutMs) {
        int s = NativeEngine.sfs_engine_wait(live(), timeoutMs);
        return s == 0 ? State.RUNNING : s > 0 ? State.DONE : State.FAILED;
    }

    /** Cumulative counters of the current phase, in the layout of {@link SampleLayout}. */
    public long[] sample() {
        long[] out = new long[SampleLayout.WORDS];
        if (NativeEngine.sfs_engine_sample(live(), out, out.length) < 0) {
            throw new EngineException("sample failed: " + error());
        }
        return out;
    }

    /** The engine's last error message, or "". */
    public String error() {
        byte[] buf = new byte[4096];
        NativeEngine.sfs_engine_error(live(), buf, buf.length);
        return cString(buf);
    }

    /** Asks every proc to stop after its in-flight operation. */
    public void stop() {
        if (handle != null) {
            NativeEngine.sfs_engine_stop(handle);
        }
    }

    @Override
    public synchronized void close() {
        if (handle != null) {
            NativeEngine.sfs_engine_close(handle);
            handle = null;
        }
    }

    /** Validation (-v): returns the report lines; {@code failures} < 0 means the target could not be opened. */
    public static Validation validate(String config) {
        byte[] report = new byte[1 << 20];
        int failures = NativeEngine.sfs_engine_validate(config, report, report.length);
        return new Validation(failures, cString(report));
    }

    /**
     * The folders directly under every target of {@code config} (backend, its options, target.N)
     * whose names match the glob {@code pattern}, each removed with everything in it through the
     * backend unless {@code dryRun}. {@code failures} < 0: config or pattern invalid, the reason in
     * {@code message}.
     */
    public static Cleanup clean(String config, String pattern, boolean dryRun) {
        byte[] report = new byte[1 << 20];
        int failures = NativeEngine.sfs_engine_clean(config, pattern, dryRun ? 1 : 0, report, report.length);
        String text = cString(report);
        java.util.List<CleanedFolder> folders = new java.util.ArrayList<>();
        if (failures >= 0) {
            for (String line : text.split("\n")) {
                String[] f = line.split("\t", 6);
                if (f.length == 6) {
                    String status = f[5];
                    folders.add(new CleanedFolder(f[0], f[1].equals("-") ? null : f[1], Long.parseLong(f[2]),
                            Long.parseLong(f[3]), Long.parseLong(f[4]),
                            status.startsWith("error: ") ? status.substring(7) : null));
                }
            }
        }
        return new Cleanup(failures, failures < 0 ? text : "", java.util.List.copyOf(folders));
    }

    /** Result of {@link #clean}. */
    public record Cleanup(int failures, String message, java.util.List<CleanedFolder> folders) {
    }

    /**
     * One folder {@link #clean} found ({@code name} null: the target itself could not be opened or
     * listed), what it held (symlinks count as files of their length), and why it failed (null if
     * it did not).
     */
    public record CleanedFolder(String target, String name, long files, long dirs, long bytes, String error) {
    }

    /**
     * Parses the text of a dbench loadfile the way workload=loadfile does, without running it:
     * {@code ops} op lines and a one-line summary, or {@code ops} < 0 and "name:line: why".
     */
    public static LoadfileCheck checkLoadfile(String name, byte[] text) {
        byte[] report = new byte[8192];
        int ops = NativeEngine.sfs_engine_loadfile_check(name, text, text.length, report, report.length);
        return new LoadfileCheck(ops, cString(report));
    }

    /** Result of {@link #checkLoadfile(String, byte[])}. */
    public record LoadfileCheck(int ops, String report) {
    }

    /**
     * The space an engine configuration's data will take, touching no target: one entry per distinct
     * target, after the workload's own sizing checks.
     *
     * @throws IllegalArgumentException with the engine's reason when the configuration is refused
     */
    public static List<SpaceNeed> space(String config) {
        byte[] report = new byte[65536];
        int n = NativeEngine.sfs_engine_space(config, report, report.length);
        String text = cString(report);
        if (n < 0) {
            throw new IllegalArgumentException(text);
        }
        List<SpaceNeed> out = new java.util.ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.split("\t", 4);
            if (f.length == 4) {
                out.add(new SpaceNeed(f[3], Long.parseUnsignedLong(f[0]), Integer.parseInt(f[1]), f[2]));
            }
        }
        return out;
    }

    /** Bytes the {@code procs} of one target will put there, counted by {@code rule}. */
    public record SpaceNeed(String target, long bytes, int procs, String rule) {
    }

    /** Name of an abstract op id, or null beyond the table. */
    public static String opName(int op) {
        return NativeEngine.sfs_engine_op_name(op);
    }

    /**
     * Null if {@code backend} can issue op id {@code op} with the backend options {@code options}
     * ("key=value" lines such as {@code smb_client=libsmbclient}, "" for the defaults), else the
     * reason it cannot.
     */
    public static String opUnavailable(String backend, String options, int op) {
        return NativeEngine.sfs_engine_op_unavailable(backend, options, op);
    }

    /**
     * The target mix (percent per op id, ops with a share only) that the engine configuration
     * {@code config} gives its workload: the mix key, the workload's standard mix, or what its keys
     * make of it (seqwrite).
     *
     * @throws EngineException when the mix comes from an access spec or a loadfile, or the config is bad
     */
    public static java.util.Map<Integer, Double> targetMix(String config) {
        int n = NativeEngine.sfs_engine_op_count();
        double[] pct = new double[n];
        byte[] err = new byte[1024];
        if (NativeEngine.sfs_engine_target_mix(config, pct, n, err, err.length) != 0) {
            throw new EngineException(cString(err));
        }
        java.util.Map<Integer, Double> mix = new java.util.LinkedHashMap<>();
        for (int op = 0; op < n; op++) {
            if (pct[op] > 0) {
                mix.put(op, pct[op]);
            }
        }
        return java.util.Collections.unmodifiableMap(mix);
    }

    /** Result of {@link #validate(String)}. */
    public record Validation(int failures, String report) {
    }

    private Pointer live() {
        if (handle == null) {
            throw new IllegalStateException("engine closed");
        }
        return handle;
    }

    static String cString(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }
}
