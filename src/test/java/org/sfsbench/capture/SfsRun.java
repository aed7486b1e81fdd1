package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * One {@code sfs run} of an rc file on this host (CLIENTS=localhost, a free agent port, 1 s
 * samples), as a user starts it, and its first load point read from the result JSON.
 */
final class SfsRun {
    final String console;
    final JsonNode point;

    private SfsRun(String console, JsonNode point) {
        this.console = console;
        this.point = point;
    }

    /**
     * @param rcLines the rc's workload, protocol and target lines
     * @param suffix  the run's suffix: its file set is the folder sfs_{@code suffix} of the target
     */
    static SfsRun run(Path work, String suffix, String rcLines) throws Exception {
        Path rc = work.resolve(suffix + ".rc");
        Files.writeString(rc, String.join("\n", rcLines, "CLIENTS=localhost", "SAMPLE_INTERVAL=1",
                "AGENT_PORT=" + (21000 + ThreadLocalRandom.current().nextInt(20000)), ""), StandardCharsets.UTF_8);
        Path results = work.resolve("results-" + suffix);
        ChildProcess run = Sfs.start(work.resolve("console-" + suffix + ".txt"), Map.of(), "run", "-r", rc.toString(),
                "-s", suffix, "-d", results.toString(), "--progress", "plain", "--interval", "1");
        int status = run.waitFor(300);
        String console = run.output();
        assertEquals(0, status, suffix + ": " + console);
        JsonNode doc = new ObjectMapper().readTree(results.resolve("sfsresult." + suffix + ".json").toFile());
        SfsRun r = new SfsRun(console, doc.get("loadPoints").get(0));
        assertTrue(!r.counts().isEmpty(), suffix + ": no op counts\n" + console);
        return r;
    }

    /** RUN's op counts by the engine's op name, ops that ran only. */
    Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        for (JsonNode o : point.get("ops")) {
            if (o.get("count").asLong() > 0) {
                out.put(o.get("name").asText(), o.get("count").asLong());
            }
        }
        return out;
    }

    long failedOps() {
        return point.get("failedOps").asLong();
    }
}
