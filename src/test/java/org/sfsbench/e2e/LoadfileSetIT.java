package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * LOADFILE=folder/ through {@code sfs run} on posix: two recorded clients (loadfiles with their own
 * ops), dealt over two agents (CLIENTS lists this machine twice) and then all on one, are each
 * replayed by exactly one proc: RUN's op counts are the lines each file has due in RUN. The lines
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
        Path set = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(set.resolve("10.0.0.1.load"), A);
        Files.writeString(set.resolve("10.0.0.2.load"), B);
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path rc = dir.resolve("rc");
        Files.writeString(rc, String.join("\n", "WORKLOAD=loadfile", "LOADFILE=capture/", "LOADFILE_TIMING=timestamps",
                "CLIENTS=\"" + clients + "\"", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + mnt + "\"", "WARMUP_TIME=1",
                "RUNTIME=3", ""));
        ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
        assertEquals(0, plan.waitFor(60), plan.output());
        assertTrue(plan.output().contains("2 loadfiles, one simulated client each"), plan.output());
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "set",
                "-d", results.toString());
        int status = run.waitFor(180);
        assertEquals(0, status, run.output());
        return new ObjectMapper().readTree(results.resolve("sfsresult.set.json").toFile()).get("loadPoints").get(0);
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
}
