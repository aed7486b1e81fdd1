package org.sfsbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample layout is the engine's: each SampleLayout field is the fact of its own name, and a
 * real engine's sample read through it means what each word should (so two offsets swapped on
 * either side, or a word written into the wrong slot, fail here).
 */
class SampleLayoutTest {
    @TempDir
    Path dir;

    @Test
    void everyFieldIsTheEngineFactOfItsName() throws IllegalAccessException {
        int n = 0;
        for (Field f : SampleLayout.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                String fact = f.getName().equals("WORDS") ? "SFS_SAMPLE_WORDS"
                        : f.getName().equals("API_VERSION") ? "SFS_ENGINE_API_VERSION" : "SFS_" + f.getName();
                assertEquals(EngineFacts.get(fact), f.getInt(null), f.getName() + " is not " + fact);
                n++;
            }
        }
        assertEquals(58, n, "SampleLayout fields checked");
        assertEquals(NativeEngine.sfs_engine_sample_words(), SampleLayout.WORDS);
    }

    @Test
    void aRealSampleMeansWhatItsOffsetsSay() {
        long workingSet = 1 << 20;
        String config = String.join("\n", "backend=posix", "workload=randread", "procs=2", "rate=0",
                "target.0=" + dir, "target.1=" + dir, "working_set=" + workingSet, "xfer_size=4096", "seed=1", "");
        long[] w;
        try (Engine e = Engine.open(config)) {
            e.start(Phase.INIT, 30);
            while (e.waitFor(1000) == Engine.State.RUNNING) {
                Thread.onSpinWait();
            }
            e.start(Phase.RUN, 0.3);
            while (e.waitFor(1000) == Engine.State.RUNNING) {
                Thread.onSpinWait();
            }
            w = e.sample();
        }
        assertEquals(SampleLayout.API_VERSION, w[SampleLayout.S_LAYOUT]);
        assertEquals(Phase.RUN.id(), w[SampleLayout.S_PHASE]);
        assertEquals(2, w[SampleLayout.S_PROCS]);
        assertTrue(w[SampleLayout.S_BEHIND] <= 2, "behind");
        assertTrue(w[SampleLayout.S_ELAPSED_US] >= 250_000 && w[SampleLayout.S_ELAPSED_US] < 5_000_000, "elapsed");
        assertEquals(workingSet, w[SampleLayout.S_FILESET_BYTES], "file-set bytes");

        int read = EngineCatalog.get().opNames().indexOf("read");
        long ops = w[SampleLayout.op(read, SampleLayout.O_OPS)];
        long sum = w[SampleLayout.op(read, SampleLayout.O_LAT_SUM)];
        long min = w[SampleLayout.op(read, SampleLayout.O_LAT_MIN)];
        long max = w[SampleLayout.op(read, SampleLayout.O_LAT_MAX)];
        assertTrue(ops > 10, "reads " + ops);
        assertEquals(0, w[SampleLayout.op(read, SampleLayout.O_ERRORS)], "errors");
        assertEquals(ops * 4096, w[SampleLayout.op(read, SampleLayout.O_BYTES)], "bytes");
        assertTrue(min <= max && max <= sum && sum <= ops * max && min * ops <= sum,
                "latency min " + min + " max " + max + " sum " + sum + " of " + ops);
        assertTrue(w[SampleLayout.op(read, SampleLayout.O_SVC_SUM)] <= sum, "service <= latency from intended start");
        assertTrue(w[SampleLayout.op(read, SampleLayout.O_PHYSICAL)] >= ops, "physical");
        long hist = 0;
        for (int b = 0; b < SampleLayout.HIST_BUCKETS; b++) {
            hist += w[SampleLayout.op(read, SampleLayout.O_HIST) + b];
        }
        assertEquals(ops, hist, "histogram counts every op");
        long lags = 0;
        for (int b = 0; b < SampleLayout.HIST_BUCKETS; b++) {
            lags += w[SampleLayout.L_BASE + SampleLayout.L_HIST + b];
        }
        assertEquals(ops, lags, "the lag histogram counts every op too (reads are the only op)");
        assertTrue(w[SampleLayout.L_BASE + SampleLayout.L_MAX] <= max, "an op is sent before it completes");
        assertEquals(0, w[SampleLayout.E_BASE], "error-table slots used");

        long ticks = w[SampleLayout.C_BASE + SampleLayout.C_HOST_TICKS];
        assertTrue(w[SampleLayout.C_BASE + SampleLayout.C_WINDOW_US] >= 250_000, "CPU window");
        assertTrue(w[SampleLayout.C_BASE + SampleLayout.C_HOST_CPUS] >= 1, "host CPUs");
        assertTrue(ticks > 0 && w[SampleLayout.C_BASE + SampleLayout.C_HOST_USER]
                + w[SampleLayout.C_BASE + SampleLayout.C_HOST_SYSTEM]
                + w[SampleLayout.C_BASE + SampleLayout.C_HOST_IDLE] <= ticks, "host CPU parts");
        assertTrue(w[SampleLayout.C_BASE + SampleLayout.C_PROC_USER_US]
                + w[SampleLayout.C_BASE + SampleLayout.C_PROC_SYS_US] > 0, "process CPU");
    }
}
