package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.stats.OpNames;

class SfsresWriterTest {

    static RunResult run() {
        RunResult.Builder run = Fixtures.goodRun();
        run.loadPoints.clear();
        run.rcFile = "sfs_nfs_rc";
        run.startTime = "2026-11-21T15:00:00Z";
        run.rcVariables.add(RcVariable.of("LOAD", "100"));
        run.rcVariables.add(RcVariable.of("PASSWORD", "s3cret"));
        run.clients.add(new ClientInfo("client1", 1, 4, "Windows 10 amd64"));
        LoadPointResult p = LoadPointBuilder.build(LoadPointBuilderTest.PLAN, Fixtures.runSample(), 10.0,
                Fixtures.mix(), OpNames.canonical());
        run.loadPoints.add(p);
        Metrics.compute(run.loadPoints).applyTo(run);
        Fixtures.Settings planned = new Fixtures.Settings();
        planned.loads = new java.util.ArrayList<>(List.of(104L));
        RunRules.apply(run, planned);
        return run.build();
    }

    @Test
    void passwordIsMaskedWhateverItsCase() {
        RcVariable v = new RcVariable("PASSWORD", "s3cret");
        assertEquals(RcVariable.MASK, v.value());
        RcVariable w = new RcVariable("password", "s3cret");
        assertEquals(RcVariable.MASK, w.value());
        assertEquals("x", RcVariable.of("USERNAME", "x").value());
    }

    @Test
    void textHasSettingsOpTableErrorsAndVerdict(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfsres.t");
        SfsresWriter.write(f, run());
        String text = Files.readString(f);
        assertFalse(text.contains("s3cret"));
        assertTrue(text.contains("  PASSWORD=********\n"), text);
        assertTrue(text.contains("     1 client1                           4 procs  Windows 10 amd64\n"),
                "the client's line names the OS its agent ran: " + text);
        assertTrue(text.contains("Load point 3: requested 104 ops/s, achieved 100.0 ops/s, 3.2 msec/op, 1000 ops in"
                + " 10.0 s, file set 10240 KB"), text);
        assertTrue(text.contains(String.format("  %-31s %7s %7s %10s %9s %9s %8s %8s %8s %8s %8s %7s%n", "lookup",
                "60.0", "60.0", 600, "60.0", "0.000", "2.00", "2.00", "2.00", "2.00", "2.00", 6)), text);
        // 400 reads of 8192 bytes in 10 s: 0.328 MB/s
        assertTrue(text.contains(String.format("  %-31s %7s %7s %10s %9s %9s ", "read", "40.0", "40.0", 400, "40.0",
                "0.328")), text);
        assertTrue(text.contains(String.format("  %-31s %7s %7s %10s %9s %9s ", "Total", "100.5", "100.0", 1000,
                "100.0", "0.328")), text);
        assertTrue(text.contains("NFS3ERR_NOENT (2)"), text);
        assertTrue(text.contains("  FAIL load-points      only 1 load point planned, 9 short of 10 (rule: A run has at least 10"
                + " load points.)"), text);
        assertTrue(text.contains("Disclosable: NO\n"), text);
        assertTrue(text.contains("Peak throughput: 100 ops/sec\n"), text);
        // one point (100, 3.2): area 100 * 3.2 / 2 = 160, ORT 1.6
        assertTrue(text.contains("Overall response time: 1.60 msec (without the origin: 3.20 msec)"), text);
        assertFalse(Files.exists(dir.resolve("sfsres.t.tmp")));
    }

    @Test
    void clientCpuAndMegabytesPerClient() {
        RunResult base = run();
        LoadPointResult p = base.loadPoints().get(0).with(b -> {
            b.cpu = new CpuResult(40, 25, 15, 2, 5, 500);
            b.clients = List.of(new ClientThroughput("client1", 1, 100, 0.328, new CpuResult(40, 25, 15, 2, 5, 500), null),
                    new ClientThroughput("client2", 2, 0, Double.NaN, null, null));
        });
        String text = SfsresWriter.format(base.with(b -> b.loadPoints = List.of(p)));
        assertTrue(text.contains("  Client CPU over RUN: host busy 40.0 % (user 25.0 %, system 15.0 %) of 2 CPUs;"
                + " worker processes 5.0 % of one CPU, 500.0 us per op\n"), text);
        assertTrue(text.contains(String.format("  %4s %-24s %10s %9s %7s %7s %7s %5s %8s %8s%n", 1, "client1", "100.0",
                "0.328", "40.0", "25.0", "15.0", 2, "5.0", "500.0")), text);
        assertTrue(text.contains(String.format("  %4s %-24s %10s %9s %7s %7s %7s %5s %8s %8s%n", 2, "client2", "0.0",
                "-", "-", "-", "-", "-", "-", "-")), text);
    }

    @Test
    void aFailedRunSaysSoFirstAndHasNoMetricWithoutAValidPoint() {
        RunResult.Builder failed = RunResult.builder();
        failed.toolVersion = "0.1.0";
        failed.suffix = "f";
        failed.complete = false;
        failed.failure = "client 1 worker 1: INIT mkdir /nope/p0000 failed: No such file or directory";
        Fixtures.Settings s = new Fixtures.Settings();
        Metrics.compute(failed.loadPoints).applyTo(failed);
        RunRules.apply(failed, s);
        String text = SfsresWriter.format(failed.build());
        assertTrue(text.startsWith("RUN FAILED: client 1 worker 1: INIT mkdir /nope/p0000 failed"), text);
        assertFalse(text.contains("Peak throughput:"), text);
        assertFalse(text.contains("Overall response time:"), text);
        assertTrue(text.contains("No peak throughput and no overall response time: no load point finished."), text);
        assertTrue(text.contains("  FAIL complete         ended early after 0 of 10 points: client 1 worker 1"), text);
    }

    /** A run that finished no point: the count is of planned points, and says none finished. */
    @Test
    void theLoadPointCountOfARunThatFinishedNoneIsTrue() {
        RunResult.Builder failed = RunResult.builder();
        failed.complete = false;
        failed.failure = "client 1 worker 1: INIT failed";
        Fixtures.Settings s = new Fixtures.Settings();
        s.loads = new java.util.ArrayList<>(List.of(100L, 200L));
        RunRules.apply(failed, s);
        assertTrue(failed.nonDisclosableReasons.contains("load-points failed: only 2 load points planned (0 finished),"
                + " 8 short of 10"), failed.nonDisclosableReasons.toString());
    }
}
