package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.TempTree;

/**
 * LOADFILE_PASSES through {@code sfs run} on posix, and over nfs3 against the shared loopback
 * Ganesha (docs/loadfile.md, "Timing"): a timestamped loadfile, and a set of two, replayed once are measured from their first line to their last, so
 * RUN's op counts per op type are the files' lines, counted from their text; two passes give twice
 * the counts. RUN ends when the passes are done, long before RUNTIME, and the point's seconds are
 * the time they took; the verdict is valid and says the point ended with its passes. With more
 * passes than RUNTIME holds, RUNTIME ends RUN and the point says so.
 */
class LoadfilePassesIT {
    /** One recorded client: a folder made, a file created, looked at and removed, the folder removed. */
    private static final String A = String.join("\n", "0.000 MKDIR3 \"/a\" 0x00000000",
            "0.050 CREATE3 \"/a/f\" 0x00000000", "0.100 GETATTR3 \"/a/f\" 0x00000000",
            "0.150 GETATTR3 \"/a/f\" 0x00000000", "0.200 FSSTAT3 0x00000000", "0.250 REMOVE3 \"/a/f\" 0x00000000",
            "0.300 RMDIR3 \"/a\" 0x00000000", "");
    /** Another: statfs and getattr of its own folder. */
    private static final String B = String.join("\n", "0.000 MKDIR3 \"/b\" *", "0.100 FSSTAT3 0x00000000",
            "0.200 GETATTR3 \"/b\" 0x00000000", "0.300 FSSTAT3 0x00000000", "0.400 RMDIR3 \"/b\" 0x00000000", "");

    private static String port() {
        return "AGENT_PORT=" + (21000 + ThreadLocalRandom.current().nextInt(20000));
    }

    /** The requests of one pass per op, from the text: each line's NFSv3 name without its 3. */
    private static Map<String, Long> perPass(String... files) {
        Map<String, Long> out = new HashMap<>();
        for (String f : files) {
            for (String line : f.split("\n")) {
                String op = line.trim().split("\\s+")[1];
                out.merge(op.substring(0, op.length() - 1).toLowerCase(Locale.ROOT), 1L, Long::sum);
            }
        }
        return out;
    }

    private static Map<String, Long> times(Map<String, Long> counts, int n) {
        Map<String, Long> out = new HashMap<>();
        counts.forEach((op, c) -> out.put(op, n * c));
        return out;
    }

    private static Map<String, Long> counts(JsonNode point) {
        Map<String, Long> out = new HashMap<>();
        for (JsonNode o : point.get("ops")) {
            if (o.get("count").asLong() > 0) {
                out.put(o.get("name").asText().toLowerCase(Locale.ROOT), o.get("count").asLong());
            }
        }
        return out;
    }

    /** {@code sfs run} of LOADFILE (a file, or a folder/) with LOADFILE_PASSES and RUNTIME; the outputs checked. */
    private static RunOutputsCheck run(Path dir, String loadfile, int passes, int runtime, String suffix)
            throws Exception {
        return RunOutputsCheck.run(dir, rc(dir, loadfile, passes, runtime), suffix, Map.of());
    }

    private static Path rc(Path dir, String loadfile, int passes, int runtime) throws Exception {
        return rc(dir, loadfile, passes, runtime, "FS_PROTOCOL=posix\nMNT_POINTS=\""
                + Files.createDirectories(dir.resolve("mnt")) + "\"");
    }

    /** @param target FS_PROTOCOL, MNT_POINTS and the like */
    private static Path rc(Path dir, String loadfile, int passes, int runtime, String target) throws Exception {
        // one loadfile is replayed by PROCS clients; a set's files by one each
        String procs = loadfile.endsWith("/") ? "" : "PROCS=1";
        Path rc = Files.writeString(dir.resolve("rc"), String.join("\n", "WORKLOAD=loadfile", "LOADFILE=" + loadfile, procs,
                "LOADFILE_TIMING=timestamps", "LOADFILE_PASSES=" + passes, "CLIENTS=localhost", target,
                "RUNTIME=" + runtime, "SAMPLE_INTERVAL=1", port(), ""));
        return rc;
    }

    private static JsonNode point(RunOutputsCheck r) throws Exception {
        return new ObjectMapper().readTree(r.files.get("json")).get("loadPoints").get(0);
    }

    /** The point ended with its passes: exact counts, its seconds the passes' time, a valid verdict saying so. */
    private static void passesDone(RunOutputsCheck r, Map<String, Long> expected, int passes) throws Exception {
        JsonNode p = point(r);
        assertEquals(expected, counts(p), p.toString());
        assertEquals(0, p.get("failedOps").asLong(), p.toString());
        assertEquals(passes, p.get("loadfilePasses").asInt(), p.toString());
        assertTrue(p.get("passesDone").asBoolean(), p.toString());
        double seconds = p.get("passesSeconds").asDouble();
        assertEquals(Math.round(seconds), p.get("seconds").asLong(), "seconds: the passes' time rounded");
        assertEquals(p.get("totalOps").asDouble() / seconds, p.get("achievedOpsPerSec").asDouble(), 1,
                "ops over the passes' time");
        // each pass's lines span 0.3 or 0.4 s; RUNTIME is 60 s
        assertTrue(seconds >= 0.3 * passes && seconds < 20, "the passes' time: " + seconds);
        r.ownVerdict("Loadfile checks", List.of("clients", "statuses", "phase-alignment"));
        String said = "ended when every client had replayed its " + passes + " LOADFILE_PASSES";
        String line = "Passes: every client replayed its " + passes + (passes == 1 ? " pass" : " passes");
        for (String where : List.of("console", "sfsres", "sfslog")) {
            String text = RunOutputsCheck.flat(where.equals("console") ? r.console : r.files.get(where));
            assertTrue(text.contains(said), where + " lacks '" + said + "':\n" + text);
            assertTrue(text.contains(line), where + " lacks '" + line + "':\n" + text);
        }
        assertTrue(r.files.get("xml").contains("passesDone=\"true\""), r.files.get("xml"));
        assertTrue(java.util.regex.Pattern.compile("client 1 localhost: offset [-+][\\d.]+ ms ± [\\d.]+, no WARMUP, RUN"
                + " started [-+][\\d.]+ ms").matcher(r.files.get("sfslog")).find(), r.files.get("sfslog"));
    }

    @Test
    void oneFileReplayedOnceHasItsLinesAsOpCountsAndEndsWithThePass(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("client1.load"), A);
        ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r",
                rc(dir, file.toString(), 1, 60).toString());
        assertEquals(0, plan.waitFor(60), plan.output());
        assertTrue(RunOutputsCheck.flat(plan.output()).contains("each client replays the file 1 time from its first"
                + " line (no warm-up), then stops; RUN ends when every client is done, at the latest after RUNTIME=60 s"
                + " (LOADFILE_PASSES)"), plan.output());
        passesDone(run(dir, file.toString(), 1, 60, "pass1"), perPass(A), 1);
    }

    @Test
    void aSetReplayedOnceThenTwice(@TempDir Path dir) throws Exception {
        Path set = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(set.resolve("10.0.0.1.load"), A);
        Files.writeString(set.resolve("10.0.0.2.load"), B);
        passesDone(run(Files.createDirectories(dir.resolve("once")), set + "/", 1, 60, "set1"), perPass(A, B), 1);
        passesDone(run(Files.createDirectories(dir.resolve("twice")), set + "/", 2, 60, "set2"),
                times(perPass(A, B), 2), 2);
    }

    @Test
    void overNfs3ASetReplayedOnceHasItsLinesAsOpCounts(@TempDir Path dir) throws Exception {
        GaneshaServer server = GaneshaServer.defaultInstance().start();
        Path set = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(set.resolve("10.0.0.1.load"), A);
        Files.writeString(set.resolve("10.0.0.2.load"), B);
        // a suffix of its own: the export is shared with other tests
        String suffix = "passit" + ThreadLocalRandom.current().nextInt(1_000_000);
        try {
            Path rc = rc(dir, set + "/", 1, 60, "FS_PROTOCOL=nfs\nMNT_POINTS=\"" + server.target() + "\"");
            passesDone(RunOutputsCheck.run(dir, rc, suffix, Map.of()), perPass(A, B), 1);
        } finally {
            TempTree.remove(server.exportDir().resolve("sfs_" + suffix));
        }
    }

    @Test
    void runtimeEndsRunBeforeThePassesAndSaysSo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("client1.load"), B);
        RunOutputsCheck r = run(dir, file.toString(), 1000, 2, "cut");
        JsonNode p = point(r);
        assertEquals(1000, p.get("loadfilePasses").asInt(), p.toString());
        assertEquals(false, p.get("passesDone").asBoolean(), p.toString());
        assertEquals(2, p.get("seconds").asDouble(), 0.01, p.toString());
        r.ownVerdict("Loadfile checks", List.of("clients", "statuses", "phase-alignment"));
        String line = "Passes: RUNTIME (2 s) ended RUN before every client had replayed its 1000 passes";
        for (String where : List.of("console", "sfsres", "sfslog")) {
            String text = RunOutputsCheck.flat(where.equals("console") ? r.console : r.files.get(where));
            assertTrue(text.contains(line), where + " lacks '" + line + "':\n" + text);
        }
    }
}
