package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * A stepped LOAD=max random read through {@code sfs run} on a posix folder: STEP_PROCS 1 then 2
 * procs, then the curve at 25 and 50 % of the measured maximum, all on one data set built once.
 * Each step's procs, measured seconds and op counts are checked against the client log, its
 * JSON entry (procs, ops/s, MB/s, latency) against them, and PRIME_MON_SCRIPT runs once per step.
 */
class PosixStepsIT {

    @Test
    void stepsThenCurveOnOneDataSet(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path mon = dir.resolve("mon.sh");
        Files.writeString(mon, String.join("\n",
                "#!/bin/sh",
                "echo \"start $SFS_LOAD_POINT\"",
                "trap 'echo \"stop $SFS_LOAD_POINT\"; exit 0' TERM",
                "while :; do sleep 0.1; done",
                ""));
        assertTrue(mon.toFile().setExecutable(true));
        Path rc = TopSpeedRuns.rc(dir, "posix", mnt.toString(), 2, String.join("\n",
                "WORKLOAD=randread", "XFER_SIZE=4K", "WORKING_SET=8M", "STEP_PROCS=\"1 1 3 2\"",
                "WARMUP_TIME=1", "CURVE_PCTS=\"25 50\"", "PRIME_MON_SCRIPT=" + mon));
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "ts", "-d",
                results.toString());
        int status = run.waitFor(240);
        String out = run.output();
        assertEquals(0, status, out);
        List<String> rows = Files.readAllLines(results.resolve("sfssum.ts"));
        assertEquals(4, rows.size(), out);
        String log = Files.readString(results.resolve("sfsc0001.ts"));
        List<TopSpeedRuns.StepResultLine> steps = TopSpeedRuns.steps(log);
        assertEquals(4, steps.size(), log);
        List<String> changes = TopSpeedRuns.stepChanges(log);
        assertEquals(4, changes.size(), log);
        assertTrue(changes.get(0).endsWith("active=1 rate=0.000000"), changes.get(0));
        assertTrue(changes.get(1).endsWith("active=2 rate=0.000000"), changes.get(1));
        double max = 0;
        for (int k = 0; k < 4; k++) {
            TopSpeedRuns.StepResultLine s = steps.get(k);
            String[] col = rows.get(k).trim().split("\\s+");
            assertEquals(k + 1, s.step());
            assertEquals(2_000_000, s.elapsedUs(), "every step measures every-seconds - WARMUP_TIME = 2 s");
            assertEquals(0, s.errors(), log);
            assertEquals(Math.round(s.inWindow() / 2.0), Long.parseLong(col[1]), "achieved ops/s of step " + (k + 1));
            assertEquals(s.ops(), Long.parseLong(col[3]), "ops of step " + (k + 1));
            if (k < 2) {
                assertEquals(k + 1, Integer.parseInt(col[10]), "procs per client of step " + (k + 1) + ": " + rows.get(k));
                assertEquals(0, Long.parseLong(col[0]), "unpaced steps request nothing");
                max = Math.max(max, s.inWindow() / 2.0);
            }
        }
        int[] pcts = {25, 50};
        for (int k = 2; k < 4; k++) {
            String[] col = rows.get(k).trim().split("\\s+");
            double want = max * pcts[k - 2] / 100.0;
            assertTrue(Math.abs(Long.parseLong(col[0]) - want) <= 1.0, "requested " + col[0] + " of " + want);
            double achieved = steps.get(k).inWindow() / 2.0;
            assertTrue(Math.abs(achieved - want) <= 0.02 * want + 1, "curve " + pcts[k - 2] + " %: achieved "
                    + achieved + " of " + want);
        }
        JsonNode points = ResultJson.mapper().readTree(results.resolve("sfsresult.ts.json").toFile()).get("loadPoints");
        assertEquals(4, points.size(), "one JSON entry per step");
        for (int k = 0; k < 4; k++) {
            JsonNode p = points.get(k);
            long ops = steps.get(k).ops();
            assertEquals(k < 2 ? k + 1 : 2, p.get("step").get("procsPerClient").asInt(), "procs of step " + (k + 1));
            assertEquals(k < 2 ? "procs" : "curve", p.get("step").get("kind").asText());
            assertEquals(ops, p.get("totalOps").asLong());
            assertEquals(steps.get(k).inWindow() / 2.0, p.get("achievedOpsPerSec").asDouble(), 0.5,
                    "ops/s of step " + (k + 1));
            assertEquals(ops * 4096 / 2.0 / 1e6, p.get("throughputMBps").asDouble(), 0.05, "MB/s of step " + (k + 1));
            JsonNode lat = p.get("latency");
            assertTrue(lat.get("maxMsec").asDouble() > 0 && lat.get("meanMsec").asDouble() <= lat.get("maxMsec").asDouble()
                    && lat.get("p99Msec").asDouble() >= lat.get("p50Msec").asDouble(),
                    "latency of step " + (k + 1) + ": " + lat);
            // the clients' CPU over the step's RUN: host busy within 0..100 %, worker CPU per op above 0
            JsonNode cpu = p.get("cpu");
            assertTrue(cpu != null && cpu.get("hostBusyPercent").asDouble() > 0
                    && cpu.get("hostBusyPercent").asDouble() <= 100 && cpu.get("processUsecPerOp").asDouble() > 0,
                    "client CPU of step " + (k + 1) + ": " + cpu);
        }
        assertEquals(List.of("start 1", "stop 1", "start 2", "stop 2", "start 3", "stop 3", "start 4", "stop 4"),
                Files.readAllLines(results.resolve("sfsmon.ts")), "PRIME_MON_SCRIPT runs while each step is measured");
        // one data set: INIT once, and the steps never rebuilt it
        assertEquals(1, log.split("phase INIT", -1).length - 1, "one INIT for all steps:\n" + log);
        String json = Files.readString(results.resolve("sfsresult.ts.json")).replace(" ", "");
        assertTrue(json.contains("\"complete\":true"), "a finished LOAD=max run is complete");
        assertTrue(Files.readString(results.resolve("sfsres.ts")).contains("Client CPU over RUN: host busy"));
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }
}
