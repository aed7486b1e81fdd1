package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * rc settings that change a real run, each shown by its effect: PRIME_SLEEP pauses between load
 * points, PRIME_TIMEOUT bounds the wait for a late client, WORK_DIR receives the result files,
 * DEBUG flags 2, 3, 5 and 10 write their lines; sfslog has one ISO 8601 UTC timestamp per line and
 * the errors and late procs of every interval.
 */
class SettingsRunIT {
    private static final String ISO_LINE = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ .*";

    @Test
    void primeSleepWorkDirAndDebugFlags(@TempDir Path dir) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20 40", 0, 2,
                "PRIME_SLEEP=3\nWORK_DIR=" + work + "\nDEBUG=\"2,3,5,10\"");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "set");
        assertEquals(0, run.waitFor(180), run.output());

        // WORK_DIR: the result files are there (no -d given)
        for (String f : List.of("sfssum.set", "sfslog.set", "sfsres.set", "sfsc0001.set")) {
            assertTrue(Files.isRegularFile(work.resolve(f)), f + " not in WORK_DIR:\n" + run.output());
        }
        List<String> log = Files.readAllLines(work.resolve("sfslog.set"));
        for (String l : log) {
            assertTrue(l.matches(ISO_LINE), "not an ISO 8601 UTC line: " + l);
        }
        // PRIME_SLEEP: announced, and point 2 starts at least 3 s after point 1 ended
        Instant done1 = at(log, "load point 1 done");
        assertTrue(log.stream().anyMatch(l -> l.contains("PRIME_SLEEP: pausing 3 s before load point 2")),
                String.join("\n", log));
        Instant start2 = at(log, "load point 2/2");
        assertTrue(Duration.between(done1, start2).getSeconds() >= 3, done1 + " -> " + start2);
        // DEBUG 2 and 3: the prime's own lines
        assertTrue(log.stream().anyMatch(l -> l.contains("DEBUG_PARENT_GENERAL: client 1")), String.join("\n", log));
        assertTrue(log.stream().anyMatch(l -> l.contains("DEBUG_PARENT_SIGNAL: client 1")
                && l.contains("start phase RUN")), String.join("\n", log));
        // errors and late procs of every sampling interval
        assertTrue(log.stream().anyMatch(l -> l.matches(".*load point 1: t=\\d+s .* errors 0 behind \\d+")),
                String.join("\n", log));
        // DEBUG 5 and 10: the engine's lines in the client log (first client, first proc)
        String client = Files.readString(work.resolve("sfsc0001.set"));
        assertTrue(client.contains("received start RUN"), client);
        assertTrue(client.matches("(?s).* D10 rpc [a-z]+ .*: \\d+ physical request\\(s\\), st=.*"), client);
        assertTrue(client.lines().findFirst().orElse("").matches(ISO_LINE), client);
        String console = run.output();
        assertTrue(console.matches("(?s).*\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  Executing run 1 of 2.*"), console);
    }

    @Test
    void primeTimeoutBoundsTheWaitForAStoppedWorker(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20", 0, 3, "PRIME_TIMEOUT=2");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "pt", "-d",
                results.toString());
        Path log = results.resolve("sfslog.pt");
        long deadline = System.currentTimeMillis() + 60_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN 3 s"))) {
            assertTrue(System.currentTimeMillis() < deadline && run.process().isAlive(), run.output());
            Thread.sleep(100);
        }
        List<ProcessHandle> workers = Sfs.leftovers(results + "/agents.pt").stream()
                .filter(p -> p.info().commandLine().orElse("").contains(" worker ")).toList();
        assertEquals(1, workers.size(), "one worker");
        long stoppedAt = System.currentTimeMillis();
        assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(workers.get(0).pid())).start().waitFor());
        try {
            assertEquals(1, run.waitFor(60), run.output());
            long took = System.currentTimeMillis() - stoppedAt;
            // PRIME_TIMEOUT=2 s instead of the default 30 s status wait (or 20 s grace), plus the clean-up
            // calls to the stalled agent: well under the 30 s the default alone would take
            assertTrue(took < 25_000, "took " + took + " ms:\n" + run.output());
            // the stopped worker either stalls its agent's answer or never reports the end of RUN
            assertTrue(run.output().contains("did not answer within 2 s (PRIME_TIMEOUT)")
                    || run.output().contains("did not end 2 s (PRIME_TIMEOUT) after its planned end"), run.output());
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(workers.get(0).pid())).start().waitFor(5, TimeUnit.SECONDS);
        }
        long until = System.currentTimeMillis() + 15_000;
        while (!Sfs.leftovers(dir.toString()).isEmpty() && System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
        assertFalse(Sfs.leftovers(dir.toString()).stream().findAny().isPresent(), "processes left behind");
    }

    /** A run interrupted before any point finished: the cause comes first, and no peak or ORT is printed. */
    @Test
    void aRunThatMeasuredNothingSaysItFailedFirst(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20", 0, 30, "");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "x", "-d",
                results.toString());
        Path log = results.resolve("sfslog.x");
        long deadline = System.currentTimeMillis() + 60_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN 30 s"))) {
            assertTrue(System.currentTimeMillis() < deadline && run.process().isAlive(), run.output());
            Thread.sleep(100);
        }
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).start().waitFor());
        assertNotEquals(0, run.waitFor(60), run.output());
        String console = run.output();
        String summary = console.substring(console.lastIndexOf("RUN FAILED: "));
        assertTrue(summary.startsWith("RUN FAILED: interrupted by the user"), console);
        assertTrue(summary.contains("sfssum.x: no load point finished"), console);
        assertFalse(summary.contains("ops/sec"), console);
        String res = Files.readString(results.resolve("sfsres.x"));
        assertTrue(res.startsWith("RUN FAILED: interrupted by the user"), res);
        assertFalse(res.contains("Peak throughput"), res);
        String html = Files.readString(results.resolve("report.x.html"));
        assertTrue(html.contains("<div class=\"headline\">RUN FAILED: interrupted by the user"), html);
        assertTrue(Files.readString(log).contains("No peak throughput and no overall response time: no load point"
                + " finished."));
    }

    private static Instant at(List<String> log, String text) {
        String line = log.stream().filter(l -> l.contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with '" + text + "':\n" + String.join("\n", log)));
        return Instant.parse(line.substring(0, line.indexOf(' ')));
    }
}
