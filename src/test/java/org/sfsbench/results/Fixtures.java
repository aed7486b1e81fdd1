package org.sfsbench.results;

import java.util.List;
import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Phase;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.ErrorCount;
import org.sfsbench.stats.OpCounters;

/** Shared test data with figures that are easy to check by hand. */
final class Fixtures {
    static final int LOOKUP = 4;
    static final int READ = 6;
    static final int ACCESS = 18;

    private Fixtures() {
    }

    /**
     * RUN sample: 600 lookups of 2000 us (service 1500 us, 6 failed with NFS3ERR_NOENT), 400 reads
     * of 5000 us (service 4000 us, 8192 bytes each, 10 late), file set 10 MiB, 4 procs.
     */
    static EngineSample runSample() {
        OpCounters lookup = new OpCounters(LOOKUP);
        for (int i = 0; i < 600; i++) {
            lookup.record(2000, 1500, 0, i < 6, false);
        }
        OpCounters read = new OpCounters(READ);
        for (int i = 0; i < 400; i++) {
            read.record(5000, 4000, 8192, false, i < 10);
        }
        return new EngineSample(Phase.RUN, 10_000_000, 0, 0, 10L << 20, 4, 0, List.of(lookup, read),
                List.of(new ErrorCount(LOOKUP, 2, 6)));
    }

    static Map<Integer, Double> mix() {
        return Map.of(LOOKUP, 60.0, READ, 40.0, ACCESS, 0.5);
    }

    /** A point with just the sfssum figures and one op matching its target. */
    static LoadPointResult point(int index, long requested, double achieved, double msec) {
        LoadPointResult.Builder p = LoadPointResult.builder();
        p.index = index;
        p.requestedOpsPerSec = requested;
        p.achievedOpsPerSec = achieved;
        p.msecPerOp = msec;
        p.seconds = 300;
        p.totalOps = Math.round(achieved * 300);
        p.protocol = "NFS3";
        p.loadGenerators = 1;
        p.procsPerGenerator = 10;
        p.biodReads = 2;
        p.biodWrites = 2;
        OpResult.Builder op = OpResult.builder();
        op.name = "getattr";
        op.opId = 1;
        op.targetPercent = 100;
        op.achievedPercent = 100;
        op.count = p.totalOps;
        p.ops.add(op.build());
        return p.build();
    }

    /** A complete run of 10 points, 100..1000 ops/s in steps of 100, 1..10 ms: passes every rule. */
    static RunResult.Builder goodRun() {
        RunResult.Builder r = RunResult.builder();
        r.toolVersion = "0.1.0";
        r.suffix = "t";
        r.protocol = Backend.NFS;
        r.workload = "sfs2008-nfs";
        r.complete = true;
        for (int i = 1; i <= 10; i++) {
            r.loadPoints.add(point(i, 100L * i, 100.0 * i, i));
        }
        return r;
    }

    /** Settings of a standard run, planned as the 10 points of {@link #goodRun()}. */
    static class Settings implements RunSettings {
        int runtime = 300;
        int warmup = 300;
        boolean debug;
        double scale = 1;
        List<Long> loads = new java.util.ArrayList<>(List.of(100L, 200L, 300L, 400L, 500L, 600L, 700L, 800L, 900L,
                1000L));
        int biodReads = 2;
        int biodWrites = 2;
        boolean customMix;
        List<String> extensions = List.of();

        @Override
        public int runtimeSeconds() {
            return runtime;
        }

        @Override
        public int warmupSeconds() {
            return warmup;
        }

        @Override
        public boolean debug() {
            return debug;
        }

        @Override
        public double filesetScale() {
            return scale;
        }

        @Override
        public List<Long> plannedLoads() {
            return loads;
        }

        @Override
        public int biodMaxReads() {
            return biodReads;
        }

        @Override
        public int biodMaxWrites() {
            return biodWrites;
        }

        @Override
        public boolean customMix() {
            return customMix;
        }

        @Override
        public List<String> extensions() {
            return extensions;
        }
    }
}
