package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.WindowsJava;

/**
 * A run driven by the Linux manager whose one client is an agent on a Windows JVM under Wine,
 * started by hand ({@code AGENT_START=manual}) as on a Windows host: two sfs2008-nfs load points on
 * nfs3 against the shared loopback Ganesha, given as a URL with its ports (no portmapper on the
 * Windows side). The agent listens on an address of its own on {@code lo}, so the manager treats
 * it as another host and only logs in. Its workers are Windows JVMs that load the Windows engine.
 */
class WineAgentIT {
    private static final String SECRET = "wine-agent-it-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void linuxManagerRunsTwoNfsPointsOnAWindowsAgent(@TempDir Path dir) throws Exception {
        withWindowsAgent(dir, "LOAD=\"100 200\"\nRUNTIME=3", run -> {
            int status = run.waitFor(120);
            String out = run.output();
            assertEquals(0, status, out + "\nagent:\n" + Files.readString(dir.resolve("agent.out")));
            Path results = dir.resolve("results");
            List<String> rows = Files.readAllLines(results.resolve("sfssum.win"));
            assertEquals(2, rows.size(), "both load points done: " + rows);
            String res = Files.readString(results.resolve("sfsres.win"));
            assertTrue(res.contains("Windows"), "sfsres names the client's OS:\n" + res);
            String clientLog = Files.readString(results.resolve("sfsc0001.win"));
            assertTrue(clientLog.contains("java.exe") && clientLog.contains("engine win32-x86-64/sfsengine.dll"),
                    "the workers were Windows JVMs with the Windows engine:\n" + clientLog);
            assertTrue(clientLog.contains("errors=0") && !clientLog.matches("(?s).*errors=[1-9].*"),
                    "no errors in the client's results:\n" + clientLog);
            String xml = Files.readString(results.resolve("sfsresult.win.xml"));
            assertTrue(xml.contains("os=\"Windows"), "the XML names the client's OS");
            assertTrue(Files.readString(results.resolve("report.win.html")).contains("Windows"),
                    "the HTML report names the client's OS");
        });
    }

    /** Killing the Windows agent during point 2 ends the run within 30 s, naming it; point 1 is kept. */
    @Test
    void killedWindowsAgentEndsTheRunWithItsCause(@TempDir Path dir) throws Exception {
        withWindowsAgent(dir, "LOAD=\"100 200 300\"\nRUNTIME=10", run -> {
            Path log = dir.resolve("results/sfslog.win");
            long deadline = System.currentTimeMillis() + 60_000;
            while (!(Files.exists(log) && Files.readString(log).contains("load point 2: RUN"))) {
                assertTrue(run.process().isAlive() && System.currentTimeMillis() < deadline,
                        "point 2 never started:\n" + run.output());
                Thread.sleep(200);
            }
            Thread.sleep(2000);
            long at = System.currentTimeMillis();
            agentProcess.destroyForcibly();
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

    private interface RunCheck {
        void check(ChildProcess run) throws Exception;
    }

    private Process agentProcess;

    /** Starts the Windows agent, then {@code sfs run} with {@code loads} (LOAD and RUNTIME lines), and checks it. */
    private void withWindowsAgent(Path dir, String loads, RunCheck check) throws Exception {
        WindowsJava.require();
        Map<String, String> nfs = GaneshaServer.defaultInstance().start().env;
        // an address of this machine that is not loopback by name: the manager logs in to a running agent
        long pid = ProcessHandle.current().pid();
        String ip = "198.18." + (pid / 250 % 250 + 1) + "." + (pid % 250 + 1);
        Require.that(sh("ip", "addr", "add", ip + "/32", "dev", "lo") == 0,
                "ip addr add " + ip + "/32 dev lo not permitted (needs root / CAP_NET_ADMIN)");
        int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
        // a secret file on the Windows side: no POSIX mode there, Secrets checks its ACL instead
        Path secretFile = dir.resolve("agent.secret");
        Files.writeString(secretFile, SECRET + "\n");
        List<String> cmd = new ArrayList<>(WindowsJava.command("agent", "--bind", ip, "--port", Integer.toString(port),
                "--tls", "off", "--secret-file", WindowsJava.windowsPath(secretFile),
                "--work-dir", WindowsJava.windowsPath(dir.resolve("agentwork"))));
        Path agentOut = dir.resolve("agent.out");
        Process agent = null;
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(agentOut.toFile());
            pb.environment().putAll(WindowsJava.env());
            pb.environment().remove(Secrets.ENV);
            agent = pb.start();
            agentProcess = agent;
            waitForListening(agentOut, agent, "listening on " + ip + ":" + port);

            String target = "nfs://127.0.0.1" + nfs.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + nfs.get("SFS_NFS_PORT")
                    + "&mountport=" + nfs.get("SFS_NFS_MNT_PORT");
            Path rc = dir.resolve("sfs_rc");
            Files.writeString(rc, String.join("\n", "FS_PROTOCOL=nfs", "CLIENTS=\"" + ip + "\"", "PROCS=2",
                    "MNT_POINTS=\"" + target + " " + target + "\"", loads, "WARMUP_TIME=1",
                    "FILESET_SCALE=0.0002", "SAMPLE_INTERVAL=1", "AGENT_START=manual", "AGENT_TLS=off",
                    "AGENT_PORT=" + port, ""));
            ChildProcess run = Sfs.start(dir.resolve("run.out"), Map.of(Secrets.ENV, SECRET), "run", "-r", rc.toString(),
                    "-s", "win", "-d", dir.resolve("results").toString());
            try {
                check.check(run);
            } finally {
                run.process().destroyForcibly();
            }
        } finally {
            if (agent != null) {
                agent.descendants().forEach(ProcessHandle::destroyForcibly);
                agent.destroyForcibly();
                agent.waitFor(10, TimeUnit.SECONDS);
            }
            // the agent's workers are Wine processes too: none may outlive the test
            Sfs.leftovers(WindowsJava.windowsPath(dir.resolve("agentwork"))).forEach(ProcessHandle::destroyForcibly);
            sh("ip", "addr", "del", ip + "/32", "dev", "lo");
        }
    }

    private static void waitForListening(Path out, Process p, String line) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < until) {
            String text = Files.exists(out) ? Files.readString(out) : "";
            if (text.contains(line)) {
                return;
            }
            if (!p.isAlive()) {
                throw new AssertionError("the Windows agent exited (" + p.exitValue() + "): " + text);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the Windows agent did not listen within 60 s: " + Files.readString(out));
    }

    private static int sh(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
