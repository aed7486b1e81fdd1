package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.Phase;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.ErrorCount;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/** The statistics and the result arithmetic on counters of the real engine (posix backend, temp folder). */
class EngineResultsTest {

    @Test
    void canonicalNamesAreTheEnginesNames() {
        for (int i = 0; i < OpNames.canonical().size(); i++) {
            assertEquals(Engine.opName(i), OpNames.canonical().name(i), "op id " + i);
        }
        assertEquals(null, Engine.opName(OpNames.canonical().size()));
    }

    @Test
    void realRunDecodesConsistently(@TempDir Path dir) throws Exception {
        int procs = 2;
        double rate = 50;
        String config = "backend=posix\nworkload=sfs2008-nfs\nprocs=" + procs + "\ntarget.0=" + dir + "\nrate=" + rate
                + "\nfileset_scale=0.0002\nseed=3\n";
        long[] words;
        try (Engine e = Engine.open(config)) {
            e.start(Phase.INIT, 60);
            await(e, 90_000, "INIT");
            e.start(Phase.WARMUP, 0.5);
            Thread.sleep(500);
            e.start(Phase.RUN, 2.0);
            await(e, 30_000, "RUN");
            words = e.sample();
        }
        EngineSample s = EngineSample.decode(words);
        assertEquals(Phase.RUN, s.phase());
        assertEquals(procs, s.procs());
        assertTrue(s.filesetBytes() > 0, "file set bytes " + s.filesetBytes());
        double seconds = s.elapsedUs() / 1e6;
        assertTrue(seconds >= 1.9 && seconds <= 2.5, "RUN lasted " + seconds + " s");
        // open-loop pacing at 2 x 50 ops/s on a local folder keeps up
        double achieved = s.totalOps() / seconds;
        assertTrue(Math.abs(achieved - procs * rate) <= 0.1 * procs * rate, "achieved " + achieved + " ops/s");

        long tableErrors = 0;
        for (ErrorCount e : s.errors()) {
            tableErrors += e.count();
        }
        assertTrue(tableErrors <= s.totalErrors(), tableErrors + " in the error table, " + s.totalErrors() + " failed");
        for (OpCounters c : s.opCounters()) {
            assertEquals(c.ops(), c.histogram().count(), "histogram of " + OpNames.canonical().name(c.opId()));
            assertTrue(c.latencyMinUs() <= c.meanUs() && c.meanUs() <= c.latencyMaxUs(), "mean inside min..max");
            double p50 = c.percentileUs(50);
            assertTrue(p50 >= c.latencyMinUs() && p50 <= c.latencyMaxUs(), "p50 inside min..max");
        }
        // the encoder writes back exactly what the engine wrote
        assertArrayEquals(words, s.toWords());

        LoadPointResult r = LoadPointBuilder.build(new LoadPointPlan(1, (long) (procs * rate), Backend.POSIX, 1, procs,
                2, 2, 4), s, seconds, Map.of(), OpNames.canonical());
        double shares = 0;
        for (OpResult o : r.ops()) {
            shares += o.achievedPercent();
        }
        assertEquals(100.0, shares, 1e-9);
        assertEquals(s.totalOps(), r.totalOps());
        assertEquals(s.total().latencySumUs() / 1000.0 / s.totalOps(), r.msecPerOp(), 1e-9);
    }

    private static void await(Engine e, long timeoutMs, String phase) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            Engine.State st = e.waitFor(1000);
            if (st == Engine.State.DONE) {
                return;
            }
            if (st == Engine.State.FAILED) {
                throw new IllegalStateException(phase + " failed: " + e.error());
            }
        }
        throw new IllegalStateException(phase + " did not finish within " + timeoutMs + " ms");
    }
}
