package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.WineAgent;
import org.sfsbench.testsupport.Exclusive;

/**
 * Runs driven by the Linux manager with an agent on a Windows JVM under Wine, started by hand
 * ({@code AGENT_START=manual}) as on a Windows host. The agent listens on an address of its own on
 * {@code lo}, so the manager treats it as another host and only logs in; its workers are Windows JVMs
 * that load the Windows engine. One agent serves two runs (a Wine start is costly): two sfs2008-nfs
 * load points on nfs3 against the shared loopback Ganesha (a URL with its ports: no portmapper on the
 * Windows side), then a mixed run whose clients are a Linux agent (localhost) and the Windows agent,
 * two sfs2008-cifs load points on smb (libsmb2 in each engine) against a private loopback smbd.
 */
@Exclusive(Exclusive.WINE)
class WineAgentIT {
    private static final String SECRET = "wine-agent-it-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void linuxManagerRunsNfsThenAMixedSmbRunOnAWindowsAgent(@TempDir Path dir) throws Exception {
        withWindowsAgent(dir, (ip, port) -> {
            String target = GaneshaServer.defaultInstance().start().url();
            ChildProcess run = startRun(dir, "win", port, "FS_PROTOCOL=nfs", "CLIENTS=\"" + ip + "\"",
                    "MNT_POINTS=\"" + target + " " + target + "\"", "LOAD=\"100 200\"", "RUNTIME=3");
            Path results = finished(dir, run);
            assertEquals(2, Files.readAllLines(results.resolve("sfssum.win")).size(), "both load points done");
            assertTrue(Files.readString(results.resolve("sfsres.win")).contains("Windows"), "sfsres names the client's OS");
            String clientLog = Files.readString(results.resolve("sfsc0001.win"));
            assertTrue(clientLog.contains("java.exe") && clientLog.contains("engine win32-x86-64/sfsengine.dll"),
                    "the workers were Windows JVMs with the Windows engine:\n" + clientLog);
            assertNoErrors(clientLog);
            assertTrue(Files.readString(results.resolve("sfsresult.win.xml")).contains("os=\"Windows"),
                    "the XML names the client's OS");
            assertTrue(Files.readString(results.resolve("report.win.html")).contains("Windows"),
                    "the HTML report names the client's OS");

            // the same agent again, beside a Linux one: smb from both engines in one run
            // libsmb2 in both engines: no security descriptor queries, so no port 445
            SambaServer smb = SambaServer.startWithout445("wine-agent-it");
            try {
                String share = smb.target(smb.env.get("SHARE"));
                run = startRun(dir, "mix", port, "FS_PROTOCOL=cifs", "CLIENTS=\"localhost " + ip + "\"",
                        "MNT_POINTS=\"" + String.join(" ", share, share, share, share) + "\"",
                        "USERNAME=" + smb.env.get("USER"), "PASSWORD=" + smb.password(), "DOMAIN=" + smb.env.get("DOMAIN"),
                        "LOAD=\"100 200\"", "RUNTIME=3");
                results = finished(dir, run);
                assertEquals(2, Files.readAllLines(results.resolve("sfssum.mix")).size(), "both load points done");
                String linux = Files.readString(results.resolve("sfsc0001.mix"));
                String windows = Files.readString(results.resolve("sfsc0002.mix"));
                assertTrue(linux.contains("on Linux") && !linux.contains("sfsengine.dll"), "client 1 ran on Linux:\n" + linux);
                assertTrue(windows.contains("engine win32-x86-64/sfsengine.dll"), "client 2 ran the Windows engine:\n" + windows);
                assertNoErrors(linux);
                assertNoErrors(windows);
                for (String f : List.of("sfsres.mix", "sfsresult.mix.xml", "report.mix.html")) {
                    String text = Files.readString(results.resolve(f));
                    assertTrue(text.contains("Linux") && text.contains("Windows"), f + " names both clients' OS:\n" + text);
                }
                String xml = Files.readString(results.resolve("sfsresult.mix.xml"));
                assertTrue(xml.contains("os=\"Linux") && xml.contains("os=\"Windows"), "each client's os in the XML:\n" + xml);
            } finally {
                smb.stopAndRemove();
            }
        });
    }

    private static void assertNoErrors(String clientLog) {
        assertTrue(clientLog.contains("errors=0") && !clientLog.matches("(?s).*errors=[1-9].*"),
                "no errors in the client's results:\n" + clientLog);
    }

    /**
     * Killing the Windows agent during point 2 ends the run within 30 s, naming it; point 1 is kept.
     * RUNTIME=6: the kill comes 2 s into point 2's RUN, 4 s before that point could finish.
     */
    @Test
    void killedWindowsAgentEndsTheRunWithItsCause(@TempDir Path dir) throws Exception {
        withWindowsAgent(dir, (ip, port) -> {
            String target = GaneshaServer.defaultInstance().start().url();
            ChildProcess run = startRun(dir, "win", port, "FS_PROTOCOL=nfs", "CLIENTS=\"" + ip + "\"",
                    "MNT_POINTS=\"" + target + " " + target + "\"", "LOAD=\"100 200 300\"", "RUNTIME=6");
            Path log = dir.resolve("results/sfslog.win");
            long deadline = System.currentTimeMillis() + 60_000;
            while (!(Files.exists(log) && Files.readString(log).contains("load point 2: RUN"))) {
                assertTrue(run.process().isAlive() && System.currentTimeMillis() < deadline,
                        "point 2 never started:\n" + run.output());
                Thread.sleep(200);
            }
            Thread.sleep(2000);
            long at = System.currentTimeMillis();
            agent.kill();
            int status = run.waitFor(60);
            long took = System.currentTimeMillis() - at;
            String out = run.output();
            assertTrue(status != 0 && took <= 30_000, "ended (status " + status + ") " + took + " ms after the kill:\n" + out);
            assertTrue(out.contains("agent of client 1"), "the cause is named:\n" + out);
            assertEquals(1, Files.readAllLines(dir.resolve("results/sfssum.win")).size(), "point 1 is kept");
            assertTrue(Files.readString(dir.resolve("results/sfsres.win")).toLowerCase(java.util.Locale.ROOT)
                    .contains("incomplete"), "sfsres states the early end");
        });
    }

    private interface AgentCheck {
        void check(String ip, int port) throws Exception;
    }

    /** {@code sfs run} with suffix {@code name} of an rc file of these lines and the common ones. */
    private ChildProcess startRun(Path dir, String name, int port, String... lines) throws Exception {
        Path rc = dir.resolve("sfs_rc." + name);
        Files.writeString(rc, String.join("\n", lines) + "\n" + String.join("\n", "PROCS=2", "WARMUP_TIME=1",
                "FILESET_SCALE=0.0002", "SAMPLE_INTERVAL=1", "AGENT_START=manual", "AGENT_TLS=off",
                "AGENT_PORT=" + port, ""));
        ChildProcess run = Sfs.start(dir.resolve("run." + name + ".out"), Map.of(Secrets.ENV, SECRET), "run", "-r",
                rc.toString(), "-s", name, "-d", dir.resolve("results").toString());
        runs.add(run);
        return run;
    }

    /** Waits for the run to end with status 0; its results folder. */
    private static Path finished(Path dir, ChildProcess run) throws Exception {
        int status = run.waitFor(120);
        assertEquals(0, status, run.output() + "\nagent:\n" + Files.readString(dir.resolve("agent.out")));
        return dir.resolve("results");
    }

    private final List<ChildProcess> runs = new ArrayList<>();

    private WineAgent agent;

    /** Starts the Windows agent, then gives its address and port to {@code check}, which starts runs. */
    private void withWindowsAgent(Path dir, AgentCheck check) throws Exception {
        try (WineAgent started = WineAgent.start(dir, SECRET)) {
            agent = started;
            try {
                check.check(started.ip(), started.port());
            } finally {
                runs.forEach(r -> r.process().destroyForcibly());
            }
        }
    }
}
