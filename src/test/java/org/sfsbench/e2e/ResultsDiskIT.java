package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;

/**
 * What a real 3-point posix run leaves in its results folder when the manager is killed with
 * SIGKILL after point 2, when the results disk fills after point 1, and when the folder turns
 * read-only (immutable) after point 1: valid documents with the finished points, marked incomplete; the cause in one
 * line with the path; no temporary file.
 */
class ResultsDiskIT {
    private static ChildProcess start(Path dir, Path results) throws IOException {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20 40 60", 1, 2, "");
        return Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "d", "-d",
                results.toString());
    }

    /** Waits until sfssum has {@code rows} rows and the documents of that point were written. */
    private static void awaitRows(ChildProcess run, Path results, int rows) throws Exception {
        long deadline = System.currentTimeMillis() + 240_000;
        Path sfssum = results.resolve("sfssum.d");
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(sfssum) && Files.readAllLines(sfssum).size() >= rows
                    && Files.exists(results.resolve("report.d.html"))
                    && ResultXml.read(results.resolve("sfsresult.d.xml")).loadPoints.size() >= rows) {
                return;
            }
            if (!run.process().isAlive()) {
                throw new AssertionError("run ended before point " + rows + ":\n" + run.output());
            }
            Thread.sleep(100);
        }
        run.process().destroyForcibly();
        throw new AssertionError("point " + rows + " never finished:\n" + run.output());
    }

    private static void assertNoTemporaryFile(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            List<String> tmp = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
            assertEquals(List.of(), tmp, "temporary files left in " + results);
        }
    }

    @Test
    void killedManagerLeavesValidDocumentsWithTheFinishedPoints(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = start(dir, results);
        awaitRows(run, results, 2);
        run.process().destroyForcibly();   // SIGKILL
        run.waitFor(30);
        ResultDocument xml = ResultXml.read(results.resolve("sfsresult.d.xml"));   // schema-checked
        ResultDocument json = ResultJson.read(results.resolve("sfsresult.d.json"));
        for (ResultDocument d : List.of(xml, json)) {
            assertEquals(2, d.loadPoints.size());
            assertFalse(d.run.complete);
            assertTrue(d.run.failure.startsWith("incomplete: the run had not ended"), d.run.failure);
            assertTrue(d.run.failure.contains("2 of 3 load points finished"), d.run.failure);
        }
        assertTrue(Files.readString(results.resolve("report.d.html")).contains("incomplete: the run had not ended"));
        assertTrue(Files.readString(results.resolve("sfsres.d")).contains("RUN INCOMPLETE: incomplete"));
        assertNoTemporaryFile(results);
        String xmlFile = results.resolve("sfsresult.d.xml").toString();
        ChildProcess report = Sfs.start(dir.resolve("report.txt"), Map.of(), "report", xmlFile);
        report.waitFor(60);
        assertTrue(report.output().contains("RUN FAILED: incomplete: the run had not ended"), report.output());
        ChildProcess metric = Sfs.start(dir.resolve("metric.txt"), Map.of(), "metric", xmlFile);
        metric.waitFor(60);
        assertTrue(metric.output().contains("2 load points\n  RUN INCOMPLETE, from the points it finished: incomplete:"),
                metric.output());
        ChildProcess compare = Sfs.start(dir.resolve("compare.txt"), Map.of(), "compare", xmlFile,
                results.resolve("sfsresult.d.json").toString());
        compare.waitFor(60);
        assertTrue(compare.output().replaceAll("\\s+", " ").contains("is incomplete, only its finished points are"
                + " compared: incomplete: the run had not ended"), compare.output());
        long until = System.currentTimeMillis() + 30_000;
        while (!Sfs.leftovers(dir.toString()).isEmpty() && System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
        Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void fullResultsDiskEndsTheRunOnTheCauseAndKeepsWhatWasWritten(@TempDir Path dir) throws Exception {
        endedByTheResultsDisk(dir, "No space left on device", results -> LoopFs.sh("dd if=/dev/zero of='"
                + results.resolve("filler") + "' bs=64k 2>/dev/null; true"));
    }

    /** Immutable (root ignores permissions; a remount read-only is refused while files are open). */
    @Test
    void resultsFolderTurnedReadOnlyEndsTheRunOnTheCause(@TempDir Path dir) throws Exception {
        endedByTheResultsDisk(dir, "Operation not permitted", results -> LoopFs.sh("chattr +i '" + results + "'"));
    }

    private interface Fault {
        void apply(Path results) throws Exception;
    }

    private static void endedByTheResultsDisk(Path dir, String cause, Fault fault) throws Exception {
        Require.root("mounts a small tmpfs as the results folder");
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        LoopFs.sh("mount -t tmpfs -o size=8m tmpfs '" + results + "'");
        try {
            ChildProcess run = start(dir, results);
            awaitRows(run, results, 1);
            String sfssum = Files.readString(results.resolve("sfssum.d"));
            String sfsres = Files.readString(results.resolve("sfsres.d"));
            fault.apply(results);
            int status = run.waitFor(240);
            String out = run.output();
            System.out.println(out);   // the console as the user saw it, in the test's report
            assertNotEquals(0, status, out);
            String first = out.lines().filter(l -> l.contains("cannot write")).findFirst().orElse("");
            assertTrue(first.matches(".*cannot write " + results + "/[a-z0-9.]+: " + cause + ".*"), out);
            assertFalse(out.contains("Exception") || out.contains("\tat "), "no stack trace:\n" + out);
            assertEquals(sfssum, Files.readString(results.resolve("sfssum.d")), "the finished row stays");
            assertEquals(sfsres, Files.readString(results.resolve("sfsres.d")), "sfsres of point 1 stays");
            assertEquals(1, ResultXml.read(results.resolve("sfsresult.d.xml")).loadPoints.size());
            assertEquals(1, ResultJson.read(results.resolve("sfsresult.d.json")).loadPoints.size());
            assertNoTemporaryFile(results);
        } finally {
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            LoopFs.sh("chattr -i '" + results + "'; umount -l '" + results + "'");
        }
    }
}
