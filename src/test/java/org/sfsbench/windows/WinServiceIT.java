package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.WindowsJava;
import org.sfsbench.testsupport.Exclusive;

/**
 * The agent as a Windows service, under Wine's service control manager in a Wine prefix of the
 * test's own: {@code sfs agent --install-service} registers it, {@code wineboot} (the prefix's
 * boot) starts it, a Linux manager runs a load point on nfs3 against it (the shared loopback
 * Ganesha), {@code net stop} stops it leaving no {@code java.exe} of the prefix alive, and
 * {@code sfs agent --uninstall-service} removes it.
 */
@Exclusive(Exclusive.WINE)
class WinServiceIT {
    private static final String SECRET = "win-service-it-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void serviceStartsAtBootServesARunAndStopsWithItsJvms(@TempDir Path dir) throws Exception {
        WindowsJava.require();
        long t0 = System.currentTimeMillis();
        Map<String, String> nfs = GaneshaServer.defaultInstance().start().env;
        Path prefix = dir.resolve("wine");
        Map<String, String> env = WindowsJava.env(prefix);
        ChildProcess.Result boot = wine(env, 120, "wineboot", "-i");
        assertEquals(0, boot.exit(), "a fresh Wine prefix: " + boot.output());
        long pid = ProcessHandle.current().pid();
        String ip = "198.19." + (pid / 250 % 250 + 1) + "." + (pid % 250 + 1);
        Require.that(sh("ip", "addr", "add", ip + "/32", "dev", "lo") == 0,
                "ip addr add " + ip + "/32 dev lo not permitted (needs root / CAP_NET_ADMIN)");
        int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
        String service = "sfsbench-agent-" + port;
        Path work = dir.resolve("agentwork");
        try {
            Path secretFile = dir.resolve("agent.secret");
            Files.writeString(secretFile, SECRET + "\n");
            ChildProcess.Result install = ChildProcess.run(WindowsJava.command("agent", "--install-service", "--no-start",
                    "--bind", ip, "--port", Integer.toString(port), "--tls", "off",
                    "--secret-file", WindowsJava.windowsPath(secretFile), "--work-dir", WindowsJava.windowsPath(work)),
                    env, 120, TimeUnit.SECONDS);
            assertEquals(0, install.exit(), install.output());
            assertTrue(install.output().contains("registered service " + service), install.output());
            String state = awaitQuery(env, service, "STOPPED");
            assertTrue(state.contains("STOPPED"), "registered, not started: " + state);

            // the prefix shuts down and boots: services.exe starts the auto-start service
            assertEquals(0, sh(env, WindowsJava.wineserver().toString(), "-k"));
            assertEquals(0, sh(env, WindowsJava.wineserver().toString(), "-w"));
            assertEquals(0, wine(env, 120, "wineboot").exit());
            Path log = work.resolve("service.log");
            long until = System.currentTimeMillis() + 60_000;
            while (!(Files.exists(log) && Files.readString(log).contains("listening on " + ip + ":" + port))) {
                assertTrue(System.currentTimeMillis() < until, "the service's agent did not listen within 60 s: "
                        + (Files.exists(log) ? Files.readString(log) : "no " + log));
                Thread.sleep(200);
            }
            state = awaitQuery(env, service, "RUNNING");
            assertTrue(state.contains("RUNNING"), state);
            long booted = System.currentTimeMillis();

            String target = "nfs://127.0.0.1" + nfs.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + nfs.get("SFS_NFS_PORT")
                    + "&mountport=" + nfs.get("SFS_NFS_MNT_PORT");
            Path rc = dir.resolve("sfs_rc");
            Files.writeString(rc, String.join("\n", "FS_PROTOCOL=nfs", "CLIENTS=\"" + ip + "\"", "PROCS=1",
                    "MNT_POINTS=\"" + target + "\"", "LOAD=100", "RUNTIME=3", "WARMUP_TIME=1",
                    "FILESET_SCALE=0.0002", "SAMPLE_INTERVAL=1", "AGENT_START=manual", "AGENT_TLS=off",
                    "AGENT_PORT=" + port, ""));
            ChildProcess run = Sfs.start(dir.resolve("run.out"), Map.of(Secrets.ENV, SECRET), "run", "-r", rc.toString(),
                    "-s", "svc", "-d", dir.resolve("results").toString());
            int status;
            try {
                status = run.waitFor(120);
            } finally {
                run.process().destroyForcibly();
            }
            assertEquals(0, status, run.output() + "\nservice log:\n" + Files.readString(log));
            Path results = dir.resolve("results");
            assertEquals(1, Files.readAllLines(results.resolve("sfssum.svc")).size(), "the load point is done");
            String clientLog = Files.readString(results.resolve("sfsc0001.svc"));
            assertTrue(clientLog.contains("java.exe") && clientLog.contains("errors=0")
                    && !clientLog.matches("(?s).*errors=[1-9].*"), "a Windows worker, no errors:\n" + clientLog);
            long ran = System.currentTimeMillis();

            assertFalse(liveJavaExe(prefix).isEmpty(), "the service's java.exe is seen while it runs");
            ChildProcess.Result stop = wine(env, 60, "net", "stop", service);
            assertEquals(0, stop.exit(), stop.output());
            state = awaitQuery(env, service, "STOPPED");
            assertTrue(state.contains("STOPPED"), state);
            // the service stopped once its host saw the agent exit; Wine ends the Unix processes just after
            List<String> left = liveJavaExe(prefix);
            for (long end = System.currentTimeMillis() + 5000; !left.isEmpty() && System.currentTimeMillis() < end;
                    left = liveJavaExe(prefix)) {
                Thread.sleep(200);
            }
            assertTrue(left.isEmpty(), "java.exe left after the stop: " + left + "\n" + Files.readString(log));
            assertTrue(Files.readString(log).contains("stopping workers and exiting"),
                    "the agent was asked to stop, not killed:\n" + Files.readString(log));

            ChildProcess.Result remove = ChildProcess.run(WindowsJava.command("agent", "--uninstall-service", "--port",
                    Integer.toString(port)), env, 120, TimeUnit.SECONDS);
            assertEquals(0, remove.exit(), remove.output());
            String gone = awaitQuery(env, service, null);
            assertFalse(gone.contains("SERVICE_NAME"), "the service is gone: " + gone);
            System.out.printf("WinServiceIT: prefix and boot %d ms, run %d ms, stop and removal %d ms%n",
                    booted - t0, ran - booted, System.currentTimeMillis() - ran);
        } finally {
            sh(env, WindowsJava.wineserver().toString(), "-k");
            Sfs.leftovers(WindowsJava.windowsPath(work)).forEach(ProcessHandle::destroyForcibly);
            sh("ip", "addr", "del", ip + "/32", "dev", "lo");
        }
    }

    /**
     * {@code sc query NAME} until its output has {@code state} (null: until it knows no such
     * service), for at most 15 s: the first Wine program after another one ended sometimes finds
     * the service manager of the prefix going down, and fails.
     */
    private static String awaitQuery(Map<String, String> env, String service, String state) throws Exception {
        long until = System.currentTimeMillis() + 15_000;
        while (true) {
            ChildProcess.Result q = wine(env, 30, "sc", "query", service);
            boolean done = state != null ? q.output().contains(state) : q.exit() != 0 && !q.output().contains("SERVICE_NAME");
            if (done || System.currentTimeMillis() > until) {
                return q.output();
            }
            Thread.sleep(500);
        }
    }

    /** Processes of this Wine prefix running java.exe, not yet ended (zombies are ended). */
    private static List<String> liveJavaExe(Path prefix) throws IOException {
        List<String> live = new ArrayList<>();
        byte[] marker = ("WINEPREFIX=" + prefix + "\0").getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmd = Files.readString(p.resolve("cmdline"), StandardCharsets.ISO_8859_1).replace('\0', ' ');
                    String stat = Files.readString(p.resolve("stat"));
                    String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
                    if (cmd.toLowerCase(java.util.Locale.ROOT).contains("java.exe") && !state.equals("Z")
                            && contains(Files.readAllBytes(p.resolve("environ")), marker)) {
                        live.add(p.getFileName() + ": " + cmd);
                    }
                } catch (IOException | StringIndexOutOfBoundsException e) {
                    // ended while read
                }
            }
        }
        return live;
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static ChildProcess.Result wine(Map<String, String> env, int seconds, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(WindowsJava.wine().toString()));
        cmd.addAll(List.of(args));
        return ChildProcess.run(cmd, env, seconds, TimeUnit.SECONDS);
    }

    private static int sh(String... cmd) throws Exception {
        return sh(Map.of(), cmd);
    }

    private static int sh(Map<String, String> env, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().putAll(env);
        Process p = pb.start();
        return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
