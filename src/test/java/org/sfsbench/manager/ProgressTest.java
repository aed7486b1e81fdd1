package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void aStepOfALoadMaxRunIsNamedByItsNumberWithoutACountOrARequestedRate() throws Exception {
        Progress p = new Progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                Progress.Mode.PLAIN, 10, 80);
        Progress.Status unpaced = new Progress.Status(2, 0, "RUN", 3, 17, 20, 1234.5, 0, 0.25, 0, 0, "");
        assertEquals("step 2 0:17/0:20 RUN 0:03 left 1234.5 ops/s 0.25 ms", p.line(unpaced, 0));
        Progress.Status curve = new Progress.Status(5, 0, "WARMUP", 3, 1, 20, 600, 617, 0.25, 0, 0, "");
        assertEquals("step 5 0:01/0:20 WARMUP 0:03 left 600.0/617 ops/s 0.25 ms", p.line(curve, 0));
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.json(unpaced, 0));
        assertEquals(2, json.get("step").asInt());
        assertTrue(!json.has("points") && !json.has("requestedOpsPerSec"), json.toString());
    }

    @Test
    void terminalRewritesOneLinePlainOutputThrottles() {
        ByteArrayOutputStream term = new ByteArrayOutputStream();
        Progress t = new Progress(new PrintStream(term, true, StandardCharsets.UTF_8), true, 10);
        t.update("a long first line");
        t.update("short");
        t.println("done");
        assertEquals("\ra long first line\rshort            \r     \rdone\n".replace("\n", System.lineSeparator()),
                term.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(plain, true, StandardCharsets.UTF_8), false, 10);
        p.update("first");
        p.update("second, within 10 s: dropped");
        String text = plain.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("first") && !text.contains("second"), text);
    }

    @Test
    void liveLineShowsEtaFailuresAndLateProcsAndFitsTheWidth() {
        ByteArrayOutputStream term = new ByteArrayOutputStream();
        Progress t = new Progress(new PrintStream(term, true, StandardCharsets.UTF_8), Progress.Mode.TERMINAL, 10, 80);
        t.eta(new RunEta(java.util.List.of(100), 10, 50, System.currentTimeMillis()));
        Progress.Status s = new Progress.Status(1, 3, "RUN", 65, 75, 140, 39.8, 40, 0.52, 7, 2, "");
        String line = t.line(s, System.currentTimeMillis());
        assertTrue(line.startsWith("[eta ?] point 1/3 1:15/2:20 RUN 1:05 left 39.8/40 ops/s 0.52 ms FAILED 7 late 2"), line);
        assertTrue(!t.line(new Progress.Status(1, 3, "RUN", 65, 75, 140, 40, 40, 0.5, 0, 0, ""), 0).contains("FAILED"));
        t.update("x".repeat(200));
        assertEquals("\r" + "x".repeat(79), term.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonModePrintsOneWholeObjectPerLine() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress j = new Progress(new PrintStream(buf, true, StandardCharsets.UTF_8), Progress.Mode.JSON, 1, 80);
        j.println("Executing run 1 of 3 ...");
        j.status(new Progress.Status(1, 3, "INIT", Double.NaN, 4, Double.NaN, Double.NaN, 40, Double.NaN, 0,
                0, "file set 5/9"));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        java.util.List<String> lines = buf.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("message", mapper.readTree(lines.get(0)).get("event").asText());
        var status = mapper.readTree(lines.get(1));
        assertEquals("INIT", status.get("phase").asText());
        assertEquals(0, status.get("failedOps").asLong());
        assertTrue(!status.has("achievedOpsPerSec"), lines.get(1));
        assertEquals(4, status.get("pointSeconds").asInt(), "INIT's clock: the time into INIT");
    }
}
