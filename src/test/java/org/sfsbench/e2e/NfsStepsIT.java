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
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;

/**
 * A stepped LOAD=max sequential read through {@code sfs run} against the loopback NFS-Ganesha
 * (NFSv3): 1, 2 and 3 procs per client on one data set; each step's procs, measured seconds and
 * op counts match the configuration and the client log, and every read moved XFER_SIZE bytes.
 */
class NfsStepsIT {

    @Test
    void steppedSequentialReadAgainstGanesha(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        Path rc = TopSpeedRuns.rc(dir, "nfs", env.get("SFS_NFS_TARGET"), 3, String.join("\n",
                "WORKLOAD=seqread", "XFER_SIZE=64K", "WORKING_SET=12M", "STEP_PROCS=\"1 1 3 3\"",
                "WARMUP_TIME=1"));
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "nfs", "-d",
                results.toString());
        int status = run.waitFor(240);
        String out = run.output();
        assertEquals(0, status, out);
        List<String> rows = Files.readAllLines(results.resolve("sfssum.nfs"));
        assertEquals(3, rows.size(), out);
        String log = Files.readString(results.resolve("sfsc0001.nfs"));
        List<TopSpeedRuns.StepResultLine> steps = TopSpeedRuns.steps(log);
        assertEquals(3, steps.size(), log);
        String json = Files.readString(results.resolve("sfsresult.nfs.json"));
        for (int k = 0; k < 3; k++) {
            TopSpeedRuns.StepResultLine s = steps.get(k);
            String[] col = rows.get(k).trim().split("\\s+");
            assertEquals(2_000_000, s.elapsedUs(), "step " + (k + 1) + " measures 3 - 1 s");
            assertEquals(0, s.errors(), log);
            assertTrue(s.ops() > 0, log);
            assertEquals(s.ops(), Long.parseLong(col[3]), "ops of step " + (k + 1));
            assertEquals("NFS3", col[5]);
            assertEquals(k + 1, Integer.parseInt(col[10]), "procs per client of step " + (k + 1));
            assertTrue(TopSpeedRuns.stepChanges(log).get(k).endsWith("active=" + (k + 1) + " rate=0.000000"), log);
        }
        JsonNode points = ResultJson.mapper().readTree(json).get("loadPoints");
        assertEquals(3, points.size(), "one JSON entry per step");
        for (int k = 0; k < 3; k++) {
            JsonNode p = points.get(k);
            long ops = steps.get(k).ops();
            assertEquals(k + 1, p.get("step").get("procsPerClient").asInt());
            assertEquals(ops, p.get("totalOps").asLong());
            assertEquals(ops * 65536 / 2.0 / 1e6, p.get("throughputMBps").asDouble(), 0.05,
                    "every read of step " + (k + 1) + " moved XFER_SIZE bytes");
        }
        assertEquals(1, log.split("phase INIT", -1).length - 1, "one INIT for all steps:\n" + log);
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }
}
