package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.OutageXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Sfs;

/**
 * OUTAGE=ride on nfs3 against a private Ganesha (docs/running.md "Outages"): stopped and started
 * again 2 s later in the middle of RUN, by the test or by DISRUPT, the run rides through and reports
 * the outage as long as the downtime the test measured; a server that does not come back ends the
 * run within OUTAGE_MAX + 10 s, naming the server. The same restart of a private smbd under the
 * sfs2008-cifs load: reconnected, its open files opened again.
 */
class OutageIT {
    private static final int RUNTIME = 12;
    private static final double SLACK_S = 0.5;

    private static Path rc(Path dir, GaneshaServer g, String extra) throws Exception {
        return rc(dir, g, "100", extra);
    }

    private static Path rc(Path dir, GaneshaServer g, String loads, String extra) throws Exception {
        return TestRc.write(dir, "nfs", "localhost", 2, g.url() + " " + g.url(), loads, 1, RUNTIME,
                "OUTAGE=ride\n" + extra);
    }

    private static ChildProcess run(Path dir, Path rc) throws Exception {
        return Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "o", "-d",
                dir.resolve("results").toString());
    }

    /** Waits until RUN of the first point has begun (its sfslog line), plus {@code afterMs}. */
    private static void awaitRun(Path dir, ChildProcess run, long afterMs) throws Exception {
        awaitRun(dir, run, 1, afterMs);
    }

    private static void awaitRun(Path dir, ChildProcess run, int point, long afterMs) throws Exception {
        Path log = dir.resolve("results").resolve("sfslog.o");
        long deadline = System.currentTimeMillis() + 180_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point " + point + ": RUN " + RUNTIME + " s"))) {
            assertTrue(run.process().isAlive() && System.currentTimeMillis() < deadline, "RUN never started:\n"
                    + run.output());
            Thread.sleep(20);
        }
        Thread.sleep(afterMs);
    }

    private static LoadPointXml point(Path dir, String out) throws Exception {
        ResultDocument d = ResultXml.read(dir.resolve("results").resolve("sfsresult.o.xml"));
        assertEquals(1, d.loadPoints.size(), out);
        assertFalse(d.disclosability.disclosable, out);
        assertTrue(d.disclosability.rules.stream().anyMatch(r -> r.id.equals("outage") && !r.passed), out);
        return d.loadPoints.get(0);
    }

    /** The one outage, recovered, no op lost or counted twice. */
    private static OutageXml rodeThrough(LoadPointXml p, String out) {
        assertEquals(1, p.outages.size(), out);
        OutageXml o = p.outages.get(0);
        assertNotNull(o.endSeconds, "it ended: " + out);
        assertNotNull(o.recoverySeconds, "recovery reported: " + out);
        assertTrue(o.reconnects >= 1, "reconnected: " + out);
        assertEquals(0, o.failed, out);
        long sum = 0;
        for (OpXml op : p.ops) {
            assertTrue(op.errors <= op.count, op.name + ": " + out);
            sum += op.count;
        }
        assertEquals(p.totalOps, sum, "every op counted once: " + out);
        return o;
    }

    @Test
    void aRestartInRunIsRiddenThroughAndMeasured(@TempDir Path dir) throws Exception {
        Require.root("a private Ganesha on its own ports");
        GaneshaServer g = new GaneshaServer(dir.resolve("ganesha")).start();
        try {
            ChildProcess run = run(dir, rc(dir, g, ""));
            awaitRun(dir, run, 4000);
            double a = now();
            g.stop();
            double b = now();
            Thread.sleep(2000);
            double c = now();
            g.start();
            double d = now();
            assertEquals(0, run.waitFor(180), run.output());
            String out = run.output();
            System.out.println(out);
            OutageXml o = rodeThrough(point(dir, out), out);
            // the server went away while stop ran and served again while start ran
            double measured = (c + d) / 2 - (a + b) / 2;
            double reported = o.endSeconds.doubleValue() - o.beginSeconds.doubleValue();
            assertTrue(Math.abs(reported - measured) <= SLACK_S + ((b - a) + (d - c)) / 2, "reported " + reported
                    + " s, measured " + measured + " s (stop " + (b - a) + " s, start " + (d - c) + " s): " + out);
            assertTrue(out.contains("Outage 1: "), out);
            assertTrue(Files.readString(dir.resolve("results").resolve("sfsres.o")).contains("Outage 1: "), out);
            // the restarted server passes validation afterwards
            Path rc = dir.resolve("sfs_rc");
            ChildProcess v = Sfs.start(dir.resolve("val.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "v", "-v",
                    "1", "-d", dir.resolve("results").toString());
            assertEquals(0, v.waitFor(180), v.output());
            assertTrue(v.output().contains("SFS protocol validation completed successfully."), v.output());
        } finally {
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            g.stop();
        }
    }

    @Test
    void anSmbdRestartIsRiddenThroughWithItsHandlesOpenedAgain(@TempDir Path dir) throws Exception {
        Require.root("a private smbd on its own port");
        SambaServer samba = SambaServer.startWithout445("outage-it");
        try {
            Map<String, String> env = samba.env;
            String share = env.get("TARGET");
            Path rc = TestRc.write(dir, "cifs", "localhost", 4, String.join(" ", share, share, share, share), "80", 1, RUNTIME,
                    "OUTAGE=ride\nUSERNAME=" + env.get("USER") + "\nPASSWORD=" + env.get("PASSWORD") + "\nDOMAIN="
                            + env.get("DOMAIN"));
            ChildProcess run = run(dir, rc);
            awaitRun(dir, run, 4000);
            double a = now();
            samba.stop();
            Thread.sleep(2000);
            samba.start();
            double away = now() - a;
            assertEquals(0, run.waitFor(180), run.output());
            String out = run.output();
            System.out.println(out);
            OutageXml o = rodeThrough(point(dir, out), out);
            // smbd keeps no handle across a restart: the files open then are opened again by name
            assertTrue(o.reopened + o.lost >= 1 && o.lost == 0, "handles re-opened " + o.reopened + ", lost " + o.lost
                    + ": " + out);
            double len = o.endSeconds.doubleValue() - o.beginSeconds.doubleValue();
            assertTrue(len > 2 - SLACK_S && len < away + 3, "lasted " + len + " s, smbd away " + away + " s: " + out);
        } finally {
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            samba.stopAndRemove();
        }
    }

    @Test
    void aPausedServerStallsWithoutReconnecting(@TempDir Path dir) throws Exception {
        Require.root("a private Ganesha on its own ports");
        GaneshaServer g = new GaneshaServer(dir.resolve("ganesha")).start();
        try {
            ChildProcess run = run(dir, rc(dir, g, ""));
            awaitRun(dir, run, 3000);
            double a = now();
            LoopFs.sh("kill -STOP " + g.pid());
            try {
                Thread.sleep(5000);
            } finally {
                LoopFs.sh("kill -CONT " + g.pid());
            }
            double paused = now() - a;
            assertEquals(0, run.waitFor(180), run.output());
            String out = run.output();
            LoadPointXml p = point(dir, out);
            assertEquals(1, p.outages.size(), out);
            OutageXml o = p.outages.get(0);
            assertEquals(0, o.reconnects, "the connection stayed: " + out);
            assertEquals(0, o.failed, out);
            double len = o.endSeconds.doubleValue() - o.beginSeconds.doubleValue();
            assertTrue(Math.abs(len - paused) <= SLACK_S, "stalled " + len + " s, paused " + paused + " s: " + out);
            // the stall is in the latency of the ops caught in it
            assertTrue(o.p99DuringMs.doubleValue() > 1000 * (paused - 1), "p99 during " + o.p99DuringMs + ": " + out);
            assertTrue(p.latency.p99Msec.doubleValue() > o.p99BeforeMs.doubleValue(), out);
        } finally {
            LoopFs.sh("kill -CONT " + g.pid() + " 2>/dev/null; true");
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            g.stop();
        }
    }

    @Test
    void disruptRestartsTheServerAtItsInstant(@TempDir Path dir) throws Exception {
        Require.root("a private Ganesha on its own ports");
        GaneshaServer g = new GaneshaServer(dir.resolve("ganesha")).start();
        try {
            String script = Path.of("src/test/servers/ganesha.sh").toAbsolutePath().toString();
            String restart = "SFS_GANESHA_DIR=" + g.dir + " SFS_GANESHA_PORT=" + g.port() + " SFS_GANESHA_MNT_PORT="
                    + g.env.get("SFS_NFS_MNT_PORT") + " bash " + script + " stop && sleep 2 && SFS_GANESHA_DIR=" + g.dir
                    + " SFS_GANESHA_PORT=" + g.port() + " SFS_GANESHA_MNT_PORT=" + g.env.get("SFS_NFS_MNT_PORT")
                    + " bash " + script + " start";
            ChildProcess run = run(dir, rc(dir, g, "DISRUPT=\"" + restart + "\"\nDISRUPT_AT=4\n"));
            assertEquals(0, run.waitFor(240), run.output());
            String out = run.output();
            OutageXml o = rodeThrough(point(dir, out), out);
            double begin = o.beginSeconds.doubleValue();
            assertTrue(begin > 4 - SLACK_S && begin < 5 + SLACK_S, "began " + begin + " s into RUN: " + out);
            double len = o.endSeconds.doubleValue() - begin;
            assertTrue(len > 2 - SLACK_S && len < 3.5 + SLACK_S, "lasted " + len + " s: " + out);
            String log = Files.readString(dir.resolve("results").resolve("sfslog.o"));
            assertTrue(log.contains("DISRUPT (DISRUPT_AT=4.0) at ") && log.contains(": exit status 0"), log);
            assertTrue(log.contains("DISRUPT output: ganesha.sh: started"), log);
        } finally {
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            g.stop();
        }
    }

    @Test
    void aServerThatStaysAwayEndsTheRunNamingIt(@TempDir Path dir) throws Exception {
        Require.root("a private Ganesha on its own ports");
        GaneshaServer g = new GaneshaServer(dir.resolve("ganesha")).start();
        try {
            int max = 4;
            ChildProcess run = run(dir, rc(dir, g, "100 150", "OUTAGE_MAX=" + max + "\n"));
            awaitRun(dir, run, 2, 2000);
            g.stop();
            double stopped = now();
            int status = run.waitFor(180);
            double ended = now() - stopped;
            String out = run.output();
            assertTrue(status != 0, out);
            assertTrue(ended < max + 10, "ended " + ended + " s after the server went: " + out);
            assertTrue(out.contains("NFS server 127.0.0.1") && out.contains("not back within outage_max " + max), out);
            // the finished point is kept
            String sfssum = Files.readString(dir.resolve("results").resolve("sfssum.o")).trim();
            assertEquals(1, sfssum.lines().count(), sfssum);
            // the workers closed their engines cleanly (a JVM that crashes leaves hs_err_pid<PID>.log in its folder)
            try (var crashes = Files.list(Path.of(System.getProperty("sfs.home", ".")))) {
                assertEquals(List.of(), crashes.map(f -> f.getFileName().toString())
                        .filter(n -> n.startsWith("hs_err_pid")).toList(), out);
            }
        } finally {
            Sfs.leftovers(dir.toString()).forEach(ProcessHandle::destroyForcibly);
            g.stop();
        }
    }

    private static double now() {
        return System.nanoTime() / 1e9;
    }
}
