package org.sfsbench.compare;

import java.util.List;
import java.util.Random;

import org.sfsbench.engine.Backend;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RunResult;

/** Runs made of interval samples with known noise, for the comparison's statistics. */
final class SyntheticRuns {
    private SyntheticRuns() {
    }

    /**
     * A one-point SFS run at {@code requested} ops/s whose {@code n} one-second intervals are an AR(1)
     * series around {@code ops} (correlation {@code phi}, noise {@code sd}) and whose response time
     * is {@code ms} with 3 % noise.
     */
    static RunResult run(String name, Random rnd, double ops, double ms, int n, double phi, double sd,
            String readShare) {
        LoadPointResult.Builder p = LoadPointResult.builder();
        p.index = 1;
        p.requestedOpsPerSec = 1000;
        p.protocol = "NFS3";
        p.filesetKb = 102400;
        p.loadGenerators = 1;
        p.procsPerGenerator = 4;
        double e = 0;
        double sumOps = 0;
        double sumMs = 0;
        for (int i = 0; i < n; i++) {
            e = phi * e + Math.sqrt(1 - phi * phi) * sd * rnd.nextGaussian();
            double o = ops + e;
            double m = ms * (1 + 0.03 * rnd.nextGaussian());
            p.intervals.add(new IntervalPoint(i + 1, o, m, Double.NaN, 0, 0));
            sumOps += o;
            sumMs += m;
        }
        p.achievedOpsPerSec = sumOps / n;
        p.msecPerOp = sumMs / n;
        p.totalOps = Math.round(sumOps);
        p.seconds = n;
        p.throughputMBps = p.achievedOpsPerSec * 0.008;
        p.p99Ms = ms * 4;
        OpResult.Builder read = OpResult.builder();
        read.name = "READ";
        read.targetPercent = Double.parseDouble(readShare);
        OpResult.Builder getattr = OpResult.builder();
        getattr.name = "GETATTR";
        getattr.targetPercent = 100 - read.targetPercent;
        p.ops.addAll(List.of(read.build(), getattr.build()));
        RunResult.Builder r = RunResult.builder();
        r.suffix = name;
        r.protocol = Backend.NFS;
        r.workload = "sfs2008-nfs";
        r.complete = true;
        r.loadPoints.add(p.build());
        return r.build();
    }

    static LoadedRun loaded(RunResult r) {
        return new LoadedRun(r.suffix(), java.nio.file.Path.of(r.suffix() + ".xml"), false, r);
    }
}
