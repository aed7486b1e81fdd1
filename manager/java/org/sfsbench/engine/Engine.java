package org.sfsbench.engine;

import java.nio.charset.StandardCharsets;
import java.util.List;

import java.util.concurrent.locks.ReentrantReadWriteLock;

import com.sun.jna.Pointer;

/**
 * One native engine instance (one load point of one worker process). Thin, checked wrapper over
 * {@link NativeEngine}: errors become {@link EngineException} with the engine's own message.
 */
public final class Engine implements AutoCloseable {

    /** States returned by {@link #waitFor(int)}. */
    public enum State {
        RUNNING, DONE, FAILED;

        private static final int RUNNING_ID = EngineFacts.integer("SFS_STATE_RUNNING");
        private static final int DONE_ID = EngineFacts.integer("SFS_STATE_DONE");

        static State of(int s) {
            return s == RUNNING_ID ? RUNNING : s == DONE_ID ? DONE : FAILED;
        }
    }

    /*
     * Every call into the native engine holds the read lock and checks 'closed' under it; close()
     * takes the write lock, so the engine is freed only when no thread is inside it (a watcher in
     * waitFor, a status query in sample, the agent's abort in stop) and no call enters afterwards.
     */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Pointer handle;
    private boolean closed;

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

    private interface Call<T> {
        T on(Pointer handle);
    }

    /** Runs {@code call} on the open engine, under the read lock. */
    private <T> T inside(Call<T> call) {
        lock.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("engine closed");
            }
            return call.on(handle);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Starts a phase; for INIT {@code seconds} is the timeout, otherwise the duration. */
    public void start(Phase phase, double seconds) {
        inside(h -> {
            if (NativeEngine.sfs_engine_start(h, phase.id(), seconds) != 0) {
                throw new EngineException(error());
            }
            return null;
        });
    }

    /**
     * Changes the active procs and/or the rate between phases, keeping the file set (one step of a
     * stepped run): {@code changes} are key=value lines, see sfs_engine_step in sfsengine.h.
     */
    public void step(String changes) {
        byte[] err = new byte[1024];
        inside(h -> {
            if (NativeEngine.sfs_engine_step(h, changes, err, err.length) != 0) {
                throw new EngineException(cString(err));
            }
            return null;
        });
    }

    /**
     * Waits up to {@code timeoutMs} for the current phase to end; close() waits for this call to
     * return, so keep the timeout short where another thread may close the engine.
     */
    public State waitFor(int timeoutMs) {
        return inside(h -> State.of(NativeEngine.sfs_engine_wait(h, timeoutMs)));
    }

    /** Cumulative counters of the current phase, in the layout of {@link SampleLayout}. */
    public long[] sample() {
        long[] out = new long[SampleLayout.WORDS];
        inside(h -> {
            if (NativeEngine.sfs_engine_sample(h, out, out.length) < 0) {
                throw new EngineException("sample failed: " + error());
            }
            return null;
        });
        return out;
    }

    /** The engine's last error message, or "". */
    public String error() {
        byte[] buf = new byte[4096];
        inside(h -> NativeEngine.sfs_engine_error(h, buf, buf.length));
        return cString(buf);
    }

    /** Asks every proc to stop after its in-flight operation; nothing once closed. */
    public void stop() {
        lock.readLock().lock();
        try {
            if (!closed) {
                NativeEngine.sfs_engine_stop(handle);
            }
        } finally {
            lock.readLock().unlock();
        }
    }

    /** True once {@link #close()} has freed the engine. */
    public boolean isClosed() {
        lock.readLock().lock();
        try {
            return closed;
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Stops the procs, waits until no other thread is inside the engine, then frees it; later calls
     * fail with IllegalStateException (stop and close do nothing).
     */
    @Override
    public void close() {
        stop(); // a thread in waitFor returns as soon as the phase ends
        lock.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                NativeEngine.sfs_engine_close(handle);
            }
        } finally {
            lock.writeLock().unlock();
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

    /**
     * The name the engine gives protocol status {@code status} of backend {@code backend} (an
     * error-table status: NFS3ERR_*, NTSTATUS STATUS_*, errno E*), or null if it has none.
     */
    public static String statusName(String backend, int status) {
        return NativeEngine.sfs_engine_status_name(backend, status);
    }

    /**
     * Checks an access spec (the access_spec key's value: lines separated by ';') as the access
     * workload will; {@code lines} < 0 with the reason ("line N: why") when the engine refuses it.
     */
    public static AccessCheck checkAccessSpec(String spec) {
        byte[] report = new byte[1024];
        int lines = NativeEngine.sfs_engine_access_check(spec, report, report.length);
        return new AccessCheck(lines, cString(report));
    }

    /** Result of {@link #checkAccessSpec(String)}. */
    public record AccessCheck(int lines, String reason) {
    }

    static String cString(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }
}
