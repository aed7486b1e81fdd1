package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * LOADFILE_SPEED through {@code sfs run} on posix: a timestamped loadfile of 5 lines a pass of
 * 0.8 s replays 5 / 0.8 lines a second at speed 1 and twice that at speed 2 (a new pass starts
 * when the last line is sent), and the point reports its replay lag (console, sfsres, JSON);
 * {@code sfs plan} refuses a speed that is not a positive number, or one without timestamps, with
 * the rc file's line.
 */
class LoadfileSpeedIT {
    private static final String PASS = "0.000 FSSTAT3 0x00000000\n0.200 FSSTAT3 0x00000000\n"
            + "0.400 FSSTAT3 0x00000000\n0.600 FSSTAT3 0x00000000\n0.800 FSSTAT3 0x00000000\n";
    private static final int RUNTIME = 4;

    private static Path rc(Path dir, String extra) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Files.writeString(dir.resolve("pass.load"), PASS);
        Path rc = dir.resolve("rc");
        Files.writeString(rc, String.join("\n", "WORKLOAD=loadfile", "LOADFILE=pass.load", "CLIENT_COUNTS=1",
                "CLIENTS=localhost", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + mnt + "\"", "WARMUP_TIME=1",
                "RUNTIME=" + RUNTIME, extra, ""));
        return rc;
    }

    /** The point's JSON after a run at {@code speed}; the console and sfsres carry the lag line. */
    private static JsonNode run(Path dir, double speed) throws Exception {
        Path rc = rc(dir, "LOADFILE_TIMING=timestamps\nLOADFILE_SPEED=" + speed);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "sp",
                "-d", results.toString());
        int status = run.waitFor(180);
        String out = run.output();
        assertEquals(0, status, out);
        Pattern lag = Pattern.compile("Replay lag p50 ([\\d.]+) ms  p90 ([\\d.]+) ms  p99 ([\\d.]+) ms  max ([\\d.]+) ms"
                + " \\(send time minus the scheduled time, (\\d+) ops\\)");
        Matcher m = lag.matcher(out);
        assertTrue(m.find(), out);
        assertTrue(lag.matcher(Files.readString(results.resolve("sfsres.sp"))).find(), "sfsres has the lag line");
        JsonNode p = new ObjectMapper().readTree(results.resolve("sfsresult.sp.json").toFile()).get("loadPoints").get(0);
        assertEquals(0, p.get("failedOps").asLong(), p.toString());
        assertEquals(p.get("totalOps").asLong(), Long.parseLong(m.group(5)), "every op of RUN has its lag");
        JsonNode g = p.get("replayLag");
        assertEquals(p.get("totalOps").asLong(), g.get("ops").asLong(), g.toString());
        assertTrue(g.get("p50Msec").asDouble() <= g.get("p90Msec").asDouble()
                && g.get("p90Msec").asDouble() <= g.get("p99Msec").asDouble()
                && g.get("p99Msec").asDouble() <= g.get("maxMsec").asDouble() * 1.04, g.toString());
        // a loaded 2-CPU machine may send a line late, never by most of the 0.1 s between lines at speed 2
        assertTrue(g.get("p50Msec").asDouble() < 50, g.toString());
        return p;
    }

    @Test
    void twiceAsFastReplaysTwiceTheLinesAndReportsItsLag(@TempDir Path dir) throws Exception {
        for (double speed : new double[] {1, 2}) {
            JsonNode p = run(Files.createDirectories(dir.resolve("x" + speed)), speed);
            double expected = RUNTIME * 5 / 0.8 * speed;   // 25 and 50 lines in RUN
            long ops = p.get("totalOps").asLong();
            assertTrue(Math.abs(ops - expected) <= 6, "speed " + speed + ": " + ops + " ops, expected " + expected
                    + " +- 6 (a pass's lines at the window's edges)");
        }
    }

    @Test
    void planRefusesASpeedItCannotApply(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {"LOADFILE_TIMING=timestamps\nLOADFILE_SPEED=0", ":10: LOADFILE_SPEED=0: not a number from 0.000001 to 1000000"},
            {"LOADFILE_TIMING=timestamps\nLOADFILE_SPEED=fast", ":10: LOADFILE_SPEED=fast: not a number"},
            {"LOADFILE_SPEED=2", ":9: LOADFILE_SPEED=2: it scales the loadfile's timestamps, which"
                    + " LOADFILE_TIMING=asap does not follow"},
        };
        for (String[] c : cases) {
            Path rc = rc(dir, c[0]);
            ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
            int status = plan.waitFor(60);
            String out = plan.output();
            assertNotEquals(0, status, out);
            assertTrue(out.contains(rc + c[1]), out);
        }
        ChildProcess plan = Sfs.start(dir.resolve("ok.txt"), Map.of(), "plan", "-r",
                rc(dir, "LOADFILE_TIMING=timestamps\nLOADFILE_SPEED=2.5").toString());
        assertEquals(0, plan.waitFor(60), plan.output());
        assertTrue(plan.output().contains("by the loadfile's timestamps, 2.5 times as fast (LOADFILE_SPEED)"),
                plan.output());
    }
}
