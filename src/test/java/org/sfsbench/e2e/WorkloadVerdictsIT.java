package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;

/**
 * Each workload reports in its own terms (docs/results.md "Headline" and "Verdicts"): one short
 * run per workload, whose headline and verdict lines must be the same on the console, in sfsres,
 * sfslog, the XSD-valid XML, the JSON, the HTML report's first lines (rendered by headless
 * Chromium) and {@code sfs report}; no output of a non-SFS run uses SPECsfs2008's words; the live
 * line's clock never runs backwards.
 */
class WorkloadVerdictsIT {
    @TempDir
    Path profile;

    private static String port() {
        return "AGENT_PORT=" + (21000 + ThreadLocalRandom.current().nextInt(20000));
    }

    @Test
    void accessStepsHaveTheBestIopsAndMegabytesPerSpec(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path rc = Files.writeString(dir.resolve("rc"), String.join("\n", "WORKLOAD=access", "ACCESS_SPECS=OLTP",
                "OUTSTANDING_IOS=\"1 4\"", "RAMP_UP_TIME=1", "RUNTIME=2", "PROCS=1", "CLIENTS=localhost",
                "FS_PROTOCOL=posix", "MNT_POINTS=" + mnt, "ACCESS_FILE_SIZE=4m", "SAMPLE_INTERVAL=1", port(), ""));
        RunOutputsCheck r = RunOutputsCheck.run(dir, rc, "acc", Map.of());
        r.headlineEverywhere("access");
        assertEquals(1, r.doc.headline.lines.size(), "one line per spec: " + r.doc.headline.lines);
        assertTrue(r.doc.headline.lines.get(0).matches("OLTP: \\d+ IOPS at queue depth [14] \\(step [12], p99 [\\d.]+ ms\\);"
                + " [\\d.]+ MB/s at queue depth [14] \\(step [12], p99 [\\d.]+ ms\\)"), r.doc.headline.lines.get(0));
        r.ownVerdict("Access checks", List.of("steps", "outstanding-ios", "errors", "phase-alignment"));
        r.progressClockNeverRunsBackwards();
        assertTrue(r.console.contains("(requested ops/s, the first column, is 0 on unpaced rows"), r.console);
        r.screenshot(profile);
    }

    @Test
    void loadfileOnPosixHasDbenchsLinePerClientCount(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        RunOutputsCheck r = RunOutputsCheck.run(dir, loadfileRc(dir, "posix", mnt.toString(), ""), "lfp", Map.of());
        loadfileChecks(r);
        r.screenshot(profile);
    }

    @Test
    void loadfileOnNfs3HasDbenchsLinePerClientCount(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        RunOutputsCheck r = RunOutputsCheck.run(dir, loadfileRc(dir, "nfs", env.get("SFS_NFS_TARGET"), ""), "lfn",
                Map.of());
        loadfileChecks(r);
    }

    private static Path loadfileRc(Path dir, String protocol, String mnt, String extra) throws Exception {
        return Files.writeString(dir.resolve("rc"), String.join("\n", "WORKLOAD=loadfile",
                "LOADFILE=" + Sfs.home().resolve("native/tests/loadfiles/classic.txt"), "CLIENT_COUNTS=\"1 2\"",
                "CLIENTS=localhost", "FS_PROTOCOL=" + protocol, "MNT_POINTS=\"" + mnt + "\"", "WARMUP_TIME=1",
                "RUNTIME=2", "SAMPLE_INTERVAL=1", port(), extra, ""));
    }

    private static void loadfileChecks(RunOutputsCheck r) {
        r.headlineEverywhere("loadfile");
        assertEquals(2, r.doc.headline.lines.size(), "one line per client count: " + r.doc.headline.lines);
        for (int i = 0; i < 2; i++) {
            int clients = i + 1;
            String line = r.doc.headline.lines.get(i);
            assertTrue(line.matches("Throughput [\\d.]+ MB/sec \\(NB=[\\d.]+ MB/sec  [\\d.]+ MBit/sec\\)  " + clients
                    + " clients  " + clients + " procs  max_latency=[\\d.]+ ms"), line);
        }
        r.ownVerdict("Loadfile checks", List.of("clients", "statuses", "phase-alignment"));
        r.progressClockNeverRunsBackwards();
    }

    @Test
    void randreadStepsHaveTheirMaximumKneeAndCurve(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        // a 1000 % plateau: the second step always adds less, so the first is the knee
        Path rc = TopSpeedRuns.rc(dir, "posix", mnt.toString(), 2, String.join("\n", "WORKLOAD=randread",
                "XFER_SIZE=4K", "WORKING_SET=4M", "STEP_PROCS=\"1 1 3 2\"", "WARMUP_TIME=1", "PLATEAU_PCT=1000",
                "CURVE_PCTS=\"50\""));
        RunOutputsCheck r = RunOutputsCheck.run(dir, rc, "top", Map.of());
        r.headlineEverywhere("top-speed");
        List<String> lines = r.doc.headline.lines;
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).matches("Top speed: \\d+ ops/sec, [\\d.]+ MB/sec at step [12] \\((1 proc|2 procs) per client,"
                + " unpaced\\), [\\d.]+ msec/op"), lines.get(0));
        assertTrue(lines.get(1).matches("Knee: step 1 \\(1 proc per client, unpaced\\), \\d+ ops/sec"), lines.get(1));
        assertTrue(lines.get(2).matches("Curve: 50 % = \\d+ ops/sec at [\\d.]+ msec/op"), lines.get(2));
        r.ownVerdict("Top-speed checks", List.of("windows", "knee", "errors", "phase-alignment"));
        r.progressClockNeverRunsBackwards();
        r.screenshot(profile);
    }

    @Test
    void sfsRunKeepsSpecsfsHeadlineAndRunRules(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path rc = TestRc.write(dir, "posix", "localhost", 1, mnt.toString(), "20 40", 1, 2, "");
        RunOutputsCheck r = RunOutputsCheck.run(dir, rc, "sfs", Map.of());
        r.headlineEverywhere("sfs2008");
        assertEquals(1, r.doc.headline.lines.size());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "POSIX (\\d+) ops/sec \\(Overall Response Time = ([\\d.]+) msec\\)").matcher(r.doc.headline.lines.get(0));
        assertTrue(m.matches(), r.doc.headline.lines.get(0));
        // sfsres and sfslog keep their wording of the same figures
        assertTrue(r.files.get("sfsres").contains("Peak throughput: " + m.group(1) + " ops/sec\nOverall response time: "
                + m.group(2) + " msec"), r.files.get("sfsres"));
        assertTrue(r.files.get("sfslog").contains("peak " + m.group(1) + " ops/s, overall response time " + m.group(2)
                + " msec/op"), r.files.get("sfslog"));
        assertTrue(r.console.contains("not disclosable:\n  - "), r.console);
        assertTrue(r.files.get("sfsres").contains("Run rules\n") && r.files.get("sfsres").contains("load-spacing"),
                r.files.get("sfsres"));
        assertEquals(false, r.doc.headline.valid, "FILESET_SCALE and POSIX make it not disclosable");
        assertTrue(r.files.get("html").contains("NOT DISCLOSABLE"), "the SFS verdict in the HTML");
        r.progressClockNeverRunsBackwards();
        r.screenshot(profile);
    }
}
