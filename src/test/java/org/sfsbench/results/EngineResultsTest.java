package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.Phase;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.testsupport.GuideTables;

/** The statistics and the result arithmetic on counters of the real engine (posix backend, temp folder). */
class EngineResultsTest {

    @Test
    void opIdsNameTheGuidesOps() {
        List<String> guide = new ArrayList<>(GuideTables.MIXFILE_OPS);
        guide.addAll(GuideTables.CIFS_OPS);
        for (int i = 0; i < guide.size(); i++) {
            assertEquals(guide.get(i), Engine.opName(i), "op id " + i);
        }
        assertEquals(null, Engine.opName(guide.size()));
        assertEquals(null, Engine.opName(-1));
    }

    @Test
    void realRunDecodesConsistently(@TempDir Path dir) throws Exception {
        int procs = 2;
        double rate = 50;
        String config = "backend=posix\nworkload=sfs2008-nfs\nprocs=" + procs + "\ntarget.0=" + dir + "\nrate=" + rate
                + "\nfileset_scale=0.0002\nseed=3\n";
        long[] words;
        long initBytes;
        try (Engine e = Engine.open(config)) {
            e.start(Phase.INIT, 60);
            await(e, 90_000, "INIT");
            initBytes = bytesUnder(dir);
            e.start(Phase.WARMUP, 0.5);
            Thread.sleep(500);
            e.start(Phase.RUN, 2.0);
            await(e, 30_000, "RUN");
            words = e.sample();
        }
        EngineSample s = EngineSample.decode(words);
        assertEquals(Phase.RUN, s.phase());
        assertEquals(procs, s.procs());
        assertEquals(initBytes, s.filesetBytes(), "the bytes of the files INIT made");
        double seconds = s.elapsedUs() / 1e6;
        assertTrue(seconds >= 1.9 && seconds <= 2.5, "RUN lasted " + seconds + " s");
        // open-loop pacing at 2 x 50 ops/s on a local folder keeps up
        double achieved = s.totalOps() / seconds;
        assertTrue(Math.abs(achieved - procs * rate) <= 0.1 * procs * rate, "achieved " + achieved + " ops/s");
        // a local folder refuses nothing
        assertEquals(0, s.totalErrors());
        assertEquals(List.of(), s.errors());

        Map<Integer, Double> mix = Engine.targetMix(config);
        long ops = 0;
        long latencySum = 0;
        for (OpCounters c : s.opCounters()) {
            String name = OpNames.canonical().name(c.opId());
            assertTrue(mix.containsKey(c.opId()), name + " is not in the target mix " + mix);
            assertEquals(c.ops(), c.histogram().count(), "histogram of " + name);
            assertEquals((double) c.latencySumUs() / c.ops(), c.meanUs(), 1e-9, "mean of " + name);
            assertTrue(c.latencyMinUs() <= c.meanUs() && c.meanUs() <= c.latencyMaxUs(), "mean inside min..max");
            double p50 = c.percentileUs(50);
            assertTrue(p50 >= c.latencyMinUs() && p50 <= c.latencyMaxUs(), "p50 inside min..max");
            ops += c.ops();
            latencySum += c.latencySumUs();
        }
        assertEquals(ops, s.totalOps());
        assertEquals(latencySum, s.total().latencySumUs());
        // the encoder writes back exactly what the engine wrote
        assertArrayEquals(words, s.toWords());

        LoadPointResult r = LoadPointBuilder.build(new LoadPointPlan(1, (long) (procs * rate), Backend.POSIX, 1, procs,
                2, 2, 4), s, seconds, mix, OpNames.canonical());
        double shares = 0;
        for (OpResult o : r.ops()) {
            OpCounters c = s.op(OpNames.canonical().id(o.name()));
            assertEquals(c.ops(), o.count(), o.name());
            assertEquals(100.0 * c.ops() / s.totalOps(), o.achievedPercent(), 1e-9, o.name());
            assertEquals(mix.getOrDefault(c.opId(), 0.0), o.targetPercent(), 1e-9, o.name());
            shares += o.achievedPercent();
        }
        assertEquals(100.0, shares, 1e-9);
        assertEquals(mix.size(), r.ops().size(), "one row per op of the target mix");
        assertEquals(s.totalOps(), r.totalOps());
        assertEquals(s.total().inWindow() / seconds, r.achievedOpsPerSec(), 1e-9);
        assertEquals(s.filesetBytes() / 1024, r.filesetKb());
        assertEquals(s.total().latencySumUs() / 1000.0 / s.totalOps(), r.msecPerOp(), 1e-9);
    }

    /** Bytes of the regular files under {@code dir}. */
    private static long bytesUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            long sum = 0;
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    sum += Files.size(f);
                }
            }
            return sum;
        }
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
