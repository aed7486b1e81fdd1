package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.stats.SteadyState;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;
import org.sfsbench.testsupport.RunsAlone;

/**
 * Against the loopback NFS-Ganesha: WARMUP_TIME=steady on a paced load the server carries easily
 * ends warm-up once the detector's window is full, well before WARMUP_MAX, and every output says
 * how long it took; behind {@link DelayProxy#drifting}, a server whose latency doubles every 6 s,
 * warm-up runs to its cap and the point is reported as not settled; a top-speed run with TRIALS=2
 * states its 95 % interval in its headline.
 */
@RunsAlone
class SteadyWarmupIT {
    private static final int CAP = 90;
    private static final int DRIFT_CAP = 25;

    @Test
    void driftingServerRunsToTheCapAndIsReportedUnsettled(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        // 16 procs at 25 ops/s: 40 ms between a proc's ops, while the hold grows from 1.5 ms to
        // about 40 ms by the end: the tail drifts (10 s halves: x3), the throughput stays near flat
        try (DelayProxy proxy = DelayProxy.drifting(Integer.parseInt(env.get("SFS_NFS_PORT")), 1_500_000, 6)) {
            String target = "nfs://127.0.0.1" + env.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + proxy.port()
                    + "&mountport=" + env.get("SFS_NFS_MNT_PORT");
            Path rc = TopSpeedRuns.rc(dir, "nfs", target, 16, String.join("\n", "PROCS=16", "WORKLOAD=randread",
                    "XFER_SIZE=4K", "WORKING_SET=4M", "WARMUP_TIME=steady", "WARMUP_MAX=" + DRIFT_CAP, "RUNTIME=3"));
            Files.writeString(rc, Files.readString(rc).replace("LOAD=max\n", "LOAD=400\n"));
            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "drift",
                    "-d", results.toString());
            run.waitFor(120);
            String out = run.output();
            Matcher said = Pattern.compile("warm-up did not settle within WARMUP_MAX=" + DRIFT_CAP
                    + " s \\(ops/s drift ([0-9.]+) %, p99 drift ([0-9.]+) %, mean drift ([0-9.]+) %\\)").matcher(out);
            assertTrue(said.find(), out);
            System.out.println("drifting server: " + said.group());
            assertTrue(Double.parseDouble(said.group(2)) > 100 * SteadyState.PERCENTILE_TOLERANCE,
                    "judged, and it is the tail that drifts: " + said.group());
            ResultDocument d = ResultXml.read(results.resolve("sfsresult.drift.xml"));
            LoadPointXml p = d.loadPoints.get(0);
            assertFalse(p.warmup.settled, "a drifting server never settles");
            assertTrue(p.warmup.seconds.doubleValue() >= DRIFT_CAP - 1, "warm-up ran to its cap: " + p.warmup.seconds);
            assertEquals(0, p.failedOps, "0 errors");
            assertTrue(Files.readString(results.resolve("sfsres.drift")).contains("Warm-up: did not settle"));
            assertTrue(d.disclosability.rules.stream().anyMatch(c -> c.id.equals("steady-state") && !c.passed),
                    "the steady-state check fails: " + d.disclosability.rules.stream().map(c -> c.id + "=" + c.passed)
                            .toList());
        }
    }

    @Test
    void steadyServerEndsWarmupEarly(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        String target = env.get("SFS_NFS_TARGET");
        Path rc = TestRc.write(dir, "nfs", "localhost", 2, target + " " + target, "400", 0, 5, "");
        Files.writeString(rc, Files.readString(rc).replace("WARMUP_TIME=0\n",
                "WARMUP_TIME=steady\nWARMUP_MAX=" + CAP + "\n"));
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "steady",
                "-d", results.toString());
        assertEquals(0, run.waitFor(180), run.output());
        String out = run.output();
        Matcher said = Pattern.compile("warm-up steady after (\\d+) s").matcher(out);
        assertTrue(said.find(), out);
        System.out.println("steady server: warm-up steady after " + said.group(1) + " s of at most " + CAP + " s");

        Path xml = results.resolve("sfsresult.steady.xml");
        XmlLint.validate(xml, Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument d = ResultXml.read(xml);
        LoadPointXml p = d.loadPoints.get(0);
        assertNotNull(p.warmup, "the warm-up is in the result");
        assertTrue(p.warmup.settled, "settled on a steady server");
        double seconds = p.warmup.seconds.doubleValue();
        // at least one full window of 1 s polls, and well under the cap
        assertTrue(seconds >= SteadyState.WINDOW && seconds < CAP * 2 / 3.0, "warm-up took " + seconds + " s");
        assertEquals(CAP, p.warmup.maxSeconds);
        assertEquals(0, p.warmup.percentile.compareTo(java.math.BigDecimal.valueOf(99)));
        assertTrue(Files.readString(results.resolve("sfsres.steady")).contains("Warm-up: steady after"));
        assertTrue(Files.readString(results.resolve("report.steady.html")).contains("Load point 1 warm-up: steady after"));
        JsonNode json = ResultJson.mapper().readTree(results.resolve("sfsresult.steady.json").toFile());
        assertTrue(json.get("loadPoints").get(0).get("warmup").get("settled").asBoolean(), json.toString());
        assertTrue(d.disclosability.rules.stream().anyMatch(c -> c.id.equals("steady-state") && c.passed),
                "the steady-state check passed");
        assertTrue(d.disclosability.rules.stream().anyMatch(c -> c.id.equals("extensions") && !c.passed
                && c.detail.contains("WARMUP_TIME=steady")), "steady state is not SPECsfs2008's warm-up");
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    @Test
    void topSpeedWithTrialsStatesItsInterval(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        Path rc = TopSpeedRuns.rc(dir, "nfs", env.get("SFS_NFS_TARGET"), 2, String.join("\n",
                "PROCS=2", "WORKLOAD=randread", "XFER_SIZE=8K", "WORKING_SET=4M", "WARMUP_TIME=1", "RUNTIME=3", "TRIALS=2"));
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "tri", "-d",
                results.toString());
        assertEquals(0, run.waitFor(180), run.output());
        ResultDocument d = ResultXml.read(results.resolve("sfsresult.tri.xml"));
        LoadPointXml p = d.loadPoints.get(0);
        assertEquals(2, p.trials.size());
        String line = d.headline.lines.get(0);
        Matcher m = Pattern.compile("^Top speed: (\\d+) ops/sec \\(95 % CI (-?\\d+)\\.\\.(\\d+) ops/sec over 2 trials\\)")
                .matcher(line);
        assertTrue(m.find(), line);
        double mean = p.trials.stream().mapToDouble(t -> t.achievedOpsPerSec.doubleValue()).average().orElseThrow();
        assertTrue(Long.parseLong(m.group(2)) <= Math.round(mean) && Math.round(mean) <= Long.parseLong(m.group(3)),
                "the interval holds the trials' mean " + mean + ": " + line);
        assertTrue(run.output().contains(line), "the console ends with the same headline");
        System.out.println("TRIALS=2 headline: " + line);
        assertFalse(d.loadPoints.get(0).spread.isEmpty());
    }
}
