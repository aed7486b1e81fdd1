package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Phase;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.stats.CpuTimes;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

class LoadPointBuilderTest {
    static final LoadPointPlan PLAN = new LoadPointPlan(3, 104, Backend.NFS, 1, 4, 2, 2, 4);

    /** JUKEBOX re-sends counted by the engine (SFS_O_RETRIES) reach the point and its text report. */
    @Test
    void retriesReachThePoint() {
        LatencyHistogram h = new LatencyHistogram();
        h.add(1_000_000);
        OpCounters read = new OpCounters(Fixtures.READ, 1, 0, 4096, 1_000_000,
                1_000_000, 1_000_000, 1_000_000, 1, 2, 3, h);
        EngineSample run = new EngineSample(Phase.RUN, 10_000_000, 0, 0, 10L << 20, 4, 0, List.of(read),
                List.of());
        LoadPointResult r = LoadPointBuilder.build(PLAN, run, 10.0, Fixtures.mix(), OpNames.canonical());
        assertEquals(3, r.retries());
        assertEquals(0, LoadPointBuilder.build(PLAN, Fixtures.runSample(), 10.0, Fixtures.mix(),
                OpNames.canonical()).retries());
    }

    /**
     * A stalled server: 100 ops RUN scheduled, 80 of them answered after RUN's end (SFS_O_AFTER_END).
     * They keep their latency and count in total ops, but achieved ops/s is the 20 in the window.
     */
    @Test
    void opsCompletedAfterRunsEndAreNotAchieved() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 100; i++) {
            h.add(5_000_000);
        }
        OpCounters read = new OpCounters(Fixtures.READ, 100, 0, 409_600, 500_000_000, 5_000_000, 5_000_000,
                1_000_000, 0, 100, 0, 80, h);
        EngineSample run = new EngineSample(Phase.RUN, 10_000_000, 0, 0, 10L << 20, 4, 0, List.of(read), List.of());
        LoadPointResult r = LoadPointBuilder.build(PLAN, run, 10.0, Fixtures.mix(), OpNames.canonical());
        assertEquals(100, r.totalOps());
        assertEquals(80, r.afterEndOps());
        assertEquals(2.0, r.achievedOpsPerSec(), 1e-12);
        assertEquals(5000.0, r.msecPerOp(), 1e-9);
        OpResult op = r.ops().stream().filter(o -> o.opId() == Fixtures.READ).findFirst().orElseThrow();
        assertEquals(2.0, op.opsPerSec(), 1e-12);
        assertEquals(80, EngineSample.decode(run.toWords()).total().afterEnd(), "the word survives the layout");
        assertThrows(IllegalArgumentException.class, () -> new OpCounters(Fixtures.READ, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                2, h));
    }

    @Test
    void sfssumFigures() {
        LoadPointResult r = LoadPointBuilder.build(PLAN, Fixtures.runSample(), 10.0, Fixtures.mix(),
                OpNames.canonical());
        assertEquals(3, r.index());
        assertEquals(104, r.requestedOpsPerSec());
        // 1000 ops / 10 s
        assertEquals(100.0, r.achievedOpsPerSec(), 1e-12);
        // (600 * 2000 + 400 * 5000) us / 1000 ops = 3200 us
        assertEquals(3.2, r.msecPerOp(), 1e-12);
        assertEquals(1000, r.totalOps());
        assertEquals(6, r.failedOps());
        assertEquals(10, r.lateOps());
        // (600 * 1500 + 400 * 4000) / 1000 = 2500 us
        assertEquals(2.5, r.meanServiceMs(), 1e-12);
        assertEquals(10240, r.filesetKb());
        assertEquals("NFS3", r.protocol());
        assertEquals(4, r.procsPerGenerator());
        // p90: rank 900 falls in the 5000 us bucket (4992..5119), interpolated 5088, clamped to max 5000
        assertEquals(5.0, r.p90Ms(), 1e-12);
        // p50: rank 500 of the 600 values in the 2000 us bucket (1984..2015): 1984 + 500/600 * 32
        assertEquals((1984 + 500.0 / 600 * 32) / 1000, r.p50Ms(), 1e-12);
    }

    @Test
    void perOpRowsIncludeMixOpsThatDidNothing() {
        LoadPointResult r = LoadPointBuilder.build(PLAN, Fixtures.runSample(), 10.0, Fixtures.mix(),
                OpNames.canonical());
        List<OpResult> ops = r.ops();
        assertEquals(3, ops.size());
        OpResult lookup = ops.get(0);
        assertEquals("lookup", lookup.name());
        assertEquals(60.0, lookup.targetPercent(), 0);
        assertEquals(60.0, lookup.achievedPercent(), 1e-12);
        assertEquals(60.0, lookup.opsPerSec(), 1e-12);
        assertEquals(2.0, lookup.meanMs(), 1e-12);
        assertEquals(2.0, lookup.minMs(), 0);
        assertEquals(2.0, lookup.maxMs(), 0);
        assertEquals(2.0, lookup.p99Ms(), 1e-12);
        assertEquals(1.5, lookup.meanServiceMs(), 1e-12);
        assertEquals(6, lookup.errors());
        OpResult read = ops.get(1);
        assertEquals("read", read.name());
        assertEquals(40.0, read.achievedPercent(), 1e-12);
        assertEquals(400 * 8192, read.bytes());
        assertEquals(10, read.late());
        OpResult access = ops.get(2);
        assertEquals("access", access.name());
        assertEquals(0, access.count());
        assertEquals(0.5, access.targetPercent(), 0);
        assertEquals(0.0, access.meanMs(), 0);
        assertEquals(1, r.errors().size());
        assertEquals("lookup", r.errors().get(0).op());
        assertEquals("NFS3ERR_NOENT (2)", r.errors().get(0).statusText());
        assertEquals(6, r.errors().get(0).count());
    }

    @Test
    void rejectsNonPositiveSeconds() {
        assertThrows(IllegalArgumentException.class, () -> LoadPointBuilder.build(PLAN, Fixtures.runSample(), 0,
                Fixtures.mix(), OpNames.canonical()));
    }

    @Test
    void megabytesPerSecondPerOpAndInAll() {
        LoadPointResult r = LoadPointBuilder.build(PLAN, Fixtures.runSample(), 10.0, Fixtures.mix(),
                OpNames.canonical());
        // 400 reads of 8192 bytes in 10 s; lookups move no data
        assertEquals(400 * 8192 / 10.0 / 1e6, r.throughputMBps(), 1e-12);
        OpResult read = r.ops().stream().filter(o -> o.opId() == Fixtures.READ).findFirst().orElseThrow();
        assertEquals(read.bytes() / 10.0 / 1e6, read.mbPerSec(), 1e-12);
        OpResult lookup = r.ops().stream().filter(o -> o.opId() == Fixtures.LOOKUP).findFirst().orElseThrow();
        assertEquals(0.0, lookup.mbPerSec(), 0);
        // the engine sample of the fixture has no CPU words: not measured, not 0
        assertEquals(null, r.cpu());
    }

    @Test
    void clientCpuOverTheRunWindow() {
        EngineSample plain = Fixtures.runSample();
        // 10 s window on a 2-CPU host: 2000 ticks, 500 user, 300 system; worker 0.4 s user + 0.1 s system
        CpuTimes t = new CpuTimes(10_000_000, 2000, 500, 300, 1200, 2, 400_000, 100_000);
        EngineSample run = new EngineSample(plain.phase(), plain.elapsedUs(), 0, 0, plain.filesetBytes(),
                plain.procs(), 0, plain.opCounters(), plain.errors(), t);
        ClientThroughput c = LoadPointBuilder.clientThroughput(new ClientInfo("c1", 1, 4, ""), run, 10);
        CpuResult cpu = c.cpu();
        assertEquals(40.0, cpu.hostBusyPercent(), 1e-12);
        assertEquals(25.0, cpu.hostUserPercent(), 1e-12);
        assertEquals(15.0, cpu.hostSystemPercent(), 1e-12);
        assertEquals(2, cpu.hostCpus());
        assertEquals(5.0, cpu.processPercent(), 1e-12);
        // 500 000 us of CPU for 1000 ops
        assertEquals(500.0, cpu.processUsPerOp(), 1e-12);
        assertEquals(400 * 8192 / 10.0 / 1e6, c.mbPerSec(), 1e-12);
        assertEquals(cpu, LoadPointBuilder.build(PLAN, run, 10.0, Fixtures.mix(), OpNames.canonical()).cpu());
    }

    @Test
    void clientThroughputAndIntervals() {
        EngineSample full = Fixtures.runSample();
        assertEquals(100.0, LoadPointBuilder.clientThroughput(new ClientInfo("c1", 1, 4, ""), full, 10).opsPerSec(),
                1e-12);

        OpCounters half = new OpCounters(Fixtures.LOOKUP);
        for (int i = 0; i < 300; i++) {
            half.record(2000, 1500, 0, false, false);
        }
        EngineSample first = new EngineSample(Phase.RUN, 5_000_000, 0, 0, 0, 4, 2, List.of(half), List.of());
        IntervalTracker t = new IntervalTracker();
        IntervalPoint p1 = t.next(first);
        assertEquals(5.0, p1.timeSeconds(), 0);
        assertEquals(60.0, p1.opsPerSec(), 1e-12);
        assertEquals(2.0, p1.meanMs(), 1e-12);
        assertEquals(2, p1.behindProcs());
        assertEquals(2.0, p1.p99Ms(), 0.05, "every op of the first half took 2 ms");
        // second half: 300 lookups (6 failed) + 400 reads in 5 s
        IntervalPoint p2 = t.next(full);
        assertEquals(10.0, p2.timeSeconds(), 0);
        assertEquals(140.0, p2.opsPerSec(), 1e-12);
        assertEquals((300 * 2000 + 400 * 5000) / 700.0 / 1000, p2.meanMs(), 1e-12);
        assertEquals(6, p2.errors());
        assertEquals(5.0, p2.p99Ms(), 0.2, "within a histogram bucket (3 %): the second half's p99 is its 400 reads' 5 ms, not the first half's");
        assertTrue(Double.isNaN(t.next(full).p99Ms()), "no p99 for an interval without ops");
        assertTrue(p2.behindProcs() == 0);
    }
}
