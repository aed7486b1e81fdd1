package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.report.xml.RuleCheckXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;

/**
 * A server that stops serving for most of RUN and answers only after RUN has ended (a private
 * Ganesha, SIGSTOPped 1 s into a 6 s RUN, SIGCONT 2 s after its end) must not look like a server
 * that kept up: the ops it answered late keep their latency, but achieved ops/s counts only what
 * completed within the window, and the point fails {@code achieved-load}.
 */
class StalledServerIT {
    private static final int REQUESTED = 100;
    private static final int RUNTIME = 6;

    @Test
    void opsAnsweredAfterRunEndedAreNotAchieved(@TempDir Path dir) throws Exception {
        Require.root("a private Ganesha on its own ports");
        GaneshaServer g = new GaneshaServer(dir.resolve("ganesha")).start();
        try {
            Path rc = TestRc.write(dir, "nfs", "localhost", 2, g.url() + " " + g.url(), Integer.toString(REQUESTED), 1, RUNTIME, "");
            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "st",
                    "-d", results.toString());
            Path log = results.resolve("sfslog.st");
            long deadline = System.currentTimeMillis() + 180_000;
            while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN " + RUNTIME + " s"))) {
                assertTrue(run.process().isAlive() && System.currentTimeMillis() < deadline,
                        "RUN never started:\n" + run.output());
                Thread.sleep(50);
            }
            Thread.sleep(1000);
            LoopFs.sh("kill -STOP " + g.pid());
            try {
                Thread.sleep((RUNTIME + 1) * 1000L);
            } finally {
                LoopFs.sh("kill -CONT " + g.pid());
            }
            run.waitFor(180);
            String out = run.output();
            System.out.println(out);   // the console as the user saw it, in the test's report
            ResultDocument d = ResultXml.read(results.resolve("sfsresult.st.xml"));
            assertEquals(1, d.loadPoints.size(), out);
            LoadPointXml p = d.loadPoints.get(0);
            double achieved = p.achievedOpsPerSec.doubleValue();
            // ~1 s of the 6 s window was served: far below the request, however the backlog came back
            assertTrue(achieved < 0.5 * REQUESTED, "achieved " + achieved + " of " + REQUESTED + ":\n" + out);
            assertTrue(p.afterEndOps != null && p.afterEndOps > 0, "ops answered after RUN's end are counted: " + out);
            // the XML's achievedOpsPerSec is sfssum's whole number
            assertEquals(Math.round((double) (p.totalOps - p.afterEndOps) / p.seconds), Math.round(achieved),
                    "achieved = ops completed within the window / seconds");
            RuleCheckXml rule = d.disclosability.rules.stream().filter(r -> r.id.equals("achieved-load")).findFirst()
                    .orElseThrow();
            assertFalse(rule.passed, rule.detail);
            String sfssum = Files.readString(results.resolve("sfssum.st")).trim();
            assertEquals(Math.round(achieved), Long.parseLong(sfssum.split("\\s+")[1]), sfssum);
            assertTrue(Files.readString(results.resolve("sfsres.st")).contains("Completed after RUN's end"), out);
        } finally {
            LoopFs.sh("kill -CONT " + g.pid() + " 2>/dev/null; true");
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            g.stop();
        }
    }
}
