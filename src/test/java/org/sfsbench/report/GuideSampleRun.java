package org.sfsbench.report;

import java.util.List;

import org.sfsbench.engine.Backend;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.ErrorResult;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.testsupport.GuideTables;

/**
 * A CIFS run shaped like the sample sfssum of guide 4.4 (4 clients x 10 procs, 10 load points),
 * with per-op detail in the guide's CIFS mix. The unrounded figures are chosen so that sfssum's
 * rounding yields exactly the guide's printed columns, including half-way cases.
 */
final class GuideSampleRun {
    /** requested, achieved (unrounded), msec/op (unrounded), total ops, seconds (unrounded), file set KB. */
    static final double[][] ROWS = {
        {320, 321.40, 1.46, 96187, 299.2, 37764720},
        {640, 640.49, 1.75, 192114, 300.0, 75529440},
        {960, 962.00, 2.05, 288236, 299.4, 117478440},
        {1280, 1283.45, 2.25, 384644, 299.3, 155221920},
        {1600, 1604.50, 2.50, 480411, 299.1, 192986640},
        {1920, 1924.20, 3.149, 576595, 299.0, 234935648},
        {2240, 2241.00, 3.95, 672385, 300.2, 272679104},
        {2560, 2570.51, 5.8, 768874, 299.4, 314628128},
        {2880, 2894.10, 8.93, 865936, 299.3, 352392832},
        {3200, 3011.30, 11.3, 901761, 299.49, 390136320},
    };

    /** The guide's sfssum sample as printed (what our rounding must reproduce). */
    static final String[] PRINTED = {
        "320 321 1.5 96187 299 CIFS T 4 37764720 4 10 2 2 2008",
        "640 640 1.8 192114 300 CIFS T 4 75529440 4 10 2 2 2008",
        "960 962 2.1 288236 299 CIFS T 4 117478440 4 10 2 2 2008",
        "1280 1283 2.3 384644 299 CIFS T 4 155221920 4 10 2 2 2008",
        "1600 1605 2.5 480411 299 CIFS T 4 192986640 4 10 2 2 2008",
        "1920 1924 3.1 576595 299 CIFS T 4 234935648 4 10 2 2 2008",
        "2240 2241 4.0 672385 300 CIFS T 4 272679104 4 10 2 2 2008",
        "2560 2571 5.8 768874 299 CIFS T 4 314628128 4 10 2 2 2008",
        "2880 2894 8.9 865936 299 CIFS T 4 352392832 4 10 2 2 2008",
        "3200 3011 11.3 901761 299 CIFS T 4 390136320 4 10 2 2 2008",
    };

    static final List<String> CIFS_OPS = GuideTables.CIFS_OPS;
    static final List<Double> CIFS_MIX = GuideTables.CIFS_MIX;
    static final List<String> CLIENTS = List.of("client1.example", "client2.example", "client3.example",
            "client4.example");

    private GuideSampleRun() {
    }

    static RunResult build(String suffix) {
        RunResult.Builder r = RunResult.builder();
        r.toolVersion = "0.1.0";
        r.suffix = suffix;
        r.startTime = "2007-01-20T19:48:42Z";
        r.endTime = "2007-01-20T21:38:42Z";
        r.rcFile = "sfs_rc";
        r.protocol = Backend.CIFS;
        r.workload = "sfs2008-cifs";
        r.complete = true;
        String[][] rc = {{"LOAD", "320"}, {"INCR_LOAD", "320"}, {"NUM_RUNS", "10"}, {"PROCS", "10"},
            {"CLIENTS", String.join(" ", CLIENTS)}, {"MNT_POINTS", "\\\\sut\\export"}, {"FS_PROTOCOL", "CIFS"},
            {"USERNAME", "Administrator"}, {"PASSWORD", "CIFSpass"}, {"DOMAIN", "MYGROUP"},
            {"RUNTIME", "300"}, {"WARMUP_TIME", "300"}, {"BIOD_MAX_READS", "2"}, {"BIOD_MAX_WRITES", "2"}};
        for (String[] v : rc) {
            r.rcVariables.add(RcVariable.of(v[0], v[1]));
        }
        for (int c = 0; c < CLIENTS.size(); c++) {
            r.clients.add(new ClientInfo(CLIENTS.get(c), c + 1, 10, "Linux amd64"));
        }
        for (int i = 0; i < ROWS.length; i++) {
            r.loadPoints.add(point(i));
        }
        Metrics.compute(r.loadPoints).applyTo(r);
        r.disclosable = false;
        r.nonDisclosableReasons.add("fileset-scale: FILESET_SCALE is 1 (the full file set). (FILESET_SCALE=0.01)");
        r.ruleChecks.add(new RuleCheck("load-points", "A run has at least 10 load points.", true,
                "10 load points"));
        r.ruleChecks.add(new RuleCheck("fileset-scale", "FILESET_SCALE is 1 (the full file set).", false,
                "FILESET_SCALE=0.01"));
        r.notes.add("Sample built from the sfssum rows of the User's Guide, section 4.4.");
        return r.build();
    }

    private static LoadPointResult point(int i) {
        double[] row = ROWS[i];
        LoadPointResult.Builder p = LoadPointResult.builder();
        p.index = i + 1;
        p.startTime = String.format("2007-01-20T%02d:%02d:42Z", 19 + (48 + 11 * i) / 60, (48 + 11 * i) % 60);
        p.requestedOpsPerSec = (long) row[0];
        p.achievedOpsPerSec = row[1];
        p.msecPerOp = row[2];
        p.totalOps = (long) row[3];
        p.seconds = row[4];
        p.protocol = "CIFS";
        p.filesetKb = (long) row[5];
        p.loadGenerators = 4;
        p.procsPerGenerator = 10;
        p.biodReads = 2;
        p.biodWrites = 2;
        long failed = i == 9 ? 12 : 0;
        p.failedOps = failed;
        p.lateOps = i >= 8 ? 1500L * (i - 7) : 0;
        double ms = row[2];
        p.meanServiceMs = ms * 0.93;
        p.p50Ms = ms * 0.7;
        p.p90Ms = ms * 1.9;
        p.p99Ms = ms * 4.2;
        p.p999Ms = ms * 9.5;
        long assigned = 0;
        for (int o = 0; o < CIFS_OPS.size(); o++) {
            OpResult.Builder op = OpResult.builder();
            op.name = CIFS_OPS.get(o);
            op.opId = 24 + o;
            op.targetPercent = CIFS_MIX.get(o);
            // a slightly uneven achieved mix: reads a bit above target, the rest takes up the slack
            long count = o == CIFS_OPS.size() - 1 ? p.totalOps - assigned
                    : Math.round(p.totalOps * (CIFS_MIX.get(o) + (o == 3 ? 0.4 : o == 6 ? -0.4 : 0)) / 100.0);
            assigned += count;
            op.count = count;
            op.achievedPercent = 100.0 * count / p.totalOps;
            op.opsPerSec = count / row[4];
            double opMs = ms * (0.5 + (o % 5) * 0.3);
            op.meanMs = opMs;
            op.minMs = 0.08 + o * 0.01;
            op.maxMs = opMs * 30;
            op.p50Ms = opMs * 0.7;
            op.p90Ms = opMs * 1.9;
            op.p99Ms = opMs * 4.2;
            op.p999Ms = opMs * 9.5;
            op.meanServiceMs = opMs * 0.93;
            op.bytes = "READ_ANDX".equals(CIFS_OPS.get(o)) || "WRITE_ANDX".equals(CIFS_OPS.get(o)) ? count * 8192 : 0;
            op.mbPerSec = op.bytes / row[4] / 1e6;
            op.physical = count;
            if (failed > 0 && "TRANS2_QUERY_PATH_INFORMATION".equals(CIFS_OPS.get(o))) {
                op.errors = failed;
            }
            p.ops.add(op.build());
        }
        if (failed > 0) {
            p.errors.add(new ErrorResult("TRANS2_QUERY_PATH_INFORMATION", 30, 0xC0000034,
                    "0xC0000034 STATUS_OBJECT_NAME_NOT_FOUND", failed));
        }
        long bytes = p.ops.stream().mapToLong(OpResult::bytes).sum();
        p.throughputMBps = bytes / row[4] / 1e6;
        // client CPU grows with the load: 8-CPU clients, about 40 us of worker CPU per op
        double busy = Math.min(95, 5 + row[1] / 400);
        p.cpu = new CpuResult(busy, busy * 0.6, busy * 0.4, 32, row[1] * 40e-4, 40);
        for (int c = 0; c < 4; c++) {
            double ops = row[1] / 4 + (c - 1.5) * 0.7;
            p.clients.add(new ClientThroughput(CLIENTS.get(c), c + 1, ops, bytes / 4.0 / row[4] / 1e6,
                    new CpuResult(busy, busy * 0.6, busy * 0.4, 8, ops * 40e-4, 40), null));
        }
        for (int t = 1; t <= 3; t++) {
            p.intervals.add(new IntervalPoint(100.0 * t, row[1] + (t - 2) * 1.5, ms + (t - 2) * 0.05, Double.NaN,
                    t == 3 ? failed : 0, 0));
        }
        return p.build();
    }
}
