package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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
 * LOADFILE=folder/ through {@code sfs run} on posix: two recorded clients (loadfiles with their own
 * ops), dealt over two agents (CLIENTS lists this machine twice) and then all on one, are each
 * replayed by exactly one proc: RUN's op counts are the lines each file has due in RUN. Over nfs3
 * against the shared loopback Ganesha the same files with their timestamps doubled, at
 * LOADFILE_SPEED=2, give the same counts, each op with its lag. The lines
 * sit 0.5 s away from the phases' edges (WARMUP 1 s, RUN 3 s) and the files' last lines are due long
 * after RUN, so the counts are exact on a loaded machine.
 */
class LoadfileSetIT {
    /** 3 fsstat lines in RUN. */
    private static final String A = "0.200 FSSTAT3 0x00000000\n1.500 FSSTAT3 0x00000000\n"
            + "2.000 FSSTAT3 0x00000000\n3.000 FSSTAT3 0x00000000\n60.000 FSSTAT3 0x00000000\n";
    /** 5 getattr lines in RUN, after a mkdir in WARMUP. */
    private static final String B = "0.200 MKDIR3 \"/b\" *\n1.500 GETATTR3 \"/b\" 0x00000000\n"
            + "1.750 GETATTR3 \"/b\" 0x00000000\n2.000 GETATTR3 \"/b\" 0x00000000\n"
            + "2.500 GETATTR3 \"/b\" 0x00000000\n3.000 GETATTR3 \"/b\" 0x00000000\n60.000 GETATTR3 \"/b\" 0x00000000\n";

    private static JsonNode run(Path dir, String clients) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        return run(dir, clients, "FS_PROTOCOL=posix\nMNT_POINTS=\"" + mnt + "\"", A, B, "set");
    }

    /** A run of the set {a, b} with {@code target} (FS_PROTOCOL, MNT_POINTS and the like). */
    private static JsonNode run(Path dir, String clients, String target, String a, String b, String suffix)
            throws Exception {
        Path set = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(set.resolve("10.0.0.1.load"), a);
        Files.writeString(set.resolve("10.0.0.2.load"), b);
        Path rc = dir.resolve("rc");
        Files.writeString(rc, String.join("\n", "WORKLOAD=loadfile", "LOADFILE=capture/", "LOADFILE_TIMING=timestamps",
                "CLIENTS=\"" + clients + "\"", target, "WARMUP_TIME=1", "RUNTIME=3", ""));
        ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
        assertEquals(0, plan.waitFor(60), plan.output());
        assertTrue(plan.output().contains("2 loadfiles, one simulated client each"), plan.output());
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", suffix,
                "-d", results.toString());
        int status = run.waitFor(180);
        assertEquals(0, status, run.output());
        return new ObjectMapper().readTree(results.resolve("sfsresult." + suffix + ".json").toFile()).get("loadPoints")
                .get(0);
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

    @Test
    void eachRecordedClientIsReplayedOnceDealtOrOnOneHost(@TempDir Path dir) throws Exception {
        JsonNode dealt = run(Files.createDirectories(dir.resolve("dealt")), "localhost localhost");
        assertEquals(Map.of("fsstat", 3L, "getattr", 5L), counts(dealt), dealt.toString());
        assertEquals(2, dealt.get("simulatedClients").asInt());
        assertEquals(0, dealt.get("failedOps").asLong(), dealt.toString());
        JsonNode perClient = dealt.get("clientThroughput");
        assertEquals(2, perClient.size(), perClient.toString());
        // one recorded client on each host: 3 and 5 ops over RUN's seconds
        double seconds = dealt.get("seconds").asDouble();
        assertEquals(3, perClient.get(0).get("opsPerSec").asDouble() * seconds, 0.6, perClient.toString());
        assertEquals(5, perClient.get(1).get("opsPerSec").asDouble() * seconds, 0.6, perClient.toString());

        JsonNode one = run(Files.createDirectories(dir.resolve("one")), "localhost");
        assertEquals(Map.of("fsstat", 3L, "getattr", 5L), counts(one), one.toString());
        assertEquals(2, one.get("simulatedClients").asInt());
        assertEquals(1, one.get("clientThroughput").size());
    }

    /** The timestamps doubled: at speed 1 most of RUN's lines would come after its end. */
    private static String doubled(String file) {
        StringBuilder out = new StringBuilder();
        for (String line : file.split("\n")) {
            int sp = line.indexOf(' ');
            out.append(String.format(Locale.ROOT, "%.3f", 2 * Double.parseDouble(line.substring(0, sp))))
                    .append(line.substring(sp)).append('\n');
        }
        return out.toString();
    }

    @Test
    void overNfs3AtTwiceTheSpeedEachRecordedClientIsReplayedOnce(@TempDir Path dir) throws Exception {
        GaneshaServer server = GaneshaServer.defaultInstance().start();
        // a suffix of its own: the export is shared with other tests
        String suffix = "setit" + ThreadLocalRandom.current().nextInt(1_000_000);
        try {
            JsonNode p = run(dir, "localhost localhost", "FS_PROTOCOL=nfs\nMNT_POINTS=\"" + server.target()
                    + "\"\nLOADFILE_SPEED=2", doubled(A), doubled(B), suffix);
            assertEquals(Map.of("fsstat", 3L, "getattr", 5L), counts(p), p.toString());
            assertEquals(0, p.get("failedOps").asLong(), p.toString());
            JsonNode lag = p.get("replayLag");
            assertEquals(8, lag.get("ops").asLong(), p.toString());
            assertTrue(lag.get("maxMsec").asDouble() < 400, "no line sent most of the 0.5 s before RUN's end late: "
                    + lag);
        } finally {
            TempTree.remove(server.exportDir().resolve("sfs_" + suffix));
        }
    }
}
