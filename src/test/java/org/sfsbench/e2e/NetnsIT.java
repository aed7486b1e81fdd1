package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * A load-generating client on another host, modelled as a network namespace joined to this one
 * by a veth pair on a private /30: its agent is started by hand ({@code sfs agent --bind}) as a
 * user would, client 1 is a local agent the manager starts. The namespace shares the file
 * system, so POSIX folders serve both clients.
 */
class NetnsIT {
    private static final String SECRET = "netns-it-secret-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    private static TestHost host;
    private static String nsIp;

    private final List<Process> agents = new ArrayList<>();

    @BeforeAll
    static void createHost() throws Exception {
        host = TestHost.create(0);
        Require.that(host != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
        nsIp = host.ip;
    }

    @AfterAll
    static void deleteHost() throws Exception {
        if (host != null) {
            host.close();
        }
    }

    @AfterEach
    void stopAgents() throws Exception {
        for (Process p : agents) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        host.killAll();
    }

    @Test
    void remoteClientRunsLoadAndItsAgentOutlivesTheRun(@TempDir Path dir) throws Exception {
        int port = freePort();
        Process agent = startRemoteAgent(dir, port, SECRET);
        Path rc = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "20 40", 1, 3, "").toAbsolutePath();
        setPort(rc, port);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc.toString(), "-s", "ns", "-d", results.toString());
        assertEquals(0, run.waitFor(150), run.output());

        List<String> rows = Files.readAllLines(results.resolve("sfssum.ns"));
        assertEquals(2, rows.size(), String.join("\n", rows));
        for (String row : rows) {
            assertEquals("2", row.trim().split("\\s+")[9], "load generators: " + row);
        }
        String log = Files.readString(results.resolve("sfslog.ns"));
        assertTrue(log.contains("client 2 (" + nsIp + "): agent pid " + agent.pid() + " "),
                "client 2 is served by the hand-started agent (pid " + agent.pid() + "):\n" + log);
        assertEquals(List.of(1, 2), resultPoints(results.resolve("sfsc0002.ns")),
                "RESULT lines of both points in the log collected from the remote agent");
        assertTrue(agent.isAlive(), "the manager must not stop an agent it did not start");
        assertTrue(Sfs.leftovers(dir + "/results").isEmpty(), "local agent or workers left behind");

        // the same agent serves the next run, and its collected log holds that run only
        Path rc2 = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "30", 1, 2, "").toAbsolutePath();
        setPort(rc2, port);
        ChildProcess again = Sfs.start(dir.resolve("out2.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc2.toString(), "-s", "ns2", "-d", results.toString());
        assertEquals(0, again.waitFor(120), again.output());
        assertEquals(List.of(1), resultPoints(results.resolve("sfsc0002.ns2")), "only the second run's RESULT line");
        assertTrue(agent.isAlive(), "still running after the second run");
    }

    @Test
    void unreachableAgentFailsFastNamingHostPortAndHowToStartOne(@TempDir Path dir) throws Exception {
        int port = freePort(); // the namespace host is up, but nothing listens there
        Path rc = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "20", 1, 2, "").toAbsolutePath();
        setPort(rc, port);
        long start = System.currentTimeMillis();
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc.toString(), "-s", "u", "-d", dir.resolve("results").toString());
        int status = run.waitFor(60);
        long took = System.currentTimeMillis() - start;
        String out = run.output();
        assertNotEquals(0, status, out);
        assertTrue(took <= 15_000, "took " + took + " ms to fail:\n" + out);
        assertTrue(out.contains("client 2 (" + nsIp + "): no sfsbench agent answers at " + nsIp + ":" + port), out);
        assertTrue(out.contains("sfs agent --bind " + nsIp + " --port " + port), out);
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    @Test
    void wrongSecretIsALoginRefusal(@TempDir Path dir) throws Exception {
        int port = freePort();
        Process agent = startRemoteAgent(dir, port, SECRET);
        Path rc = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "20", 1, 2, "").toAbsolutePath();
        setPort(rc, port);
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", "not-the-agents-secret-0123"),
                "run", "-r", rc.toString(), "-s", "w", "-d", dir.resolve("results").toString());
        int status = run.waitFor(60);
        String out = run.output();
        assertNotEquals(0, status, out);
        // the agent proves the secret first: the manager stops there and sends nothing more
        assertTrue(out.contains("client 2 (" + nsIp + "): the program answering at " + nsIp + ":" + port
                + " is not an agent of this prime client: it cannot prove the shared secret"), out);
        assertTrue(agent.isAlive(), "a refused login does not stop the agent");
        assertTrue(Sfs.leftovers(dir + "/results").isEmpty(), "processes left behind");
    }

    @Test
    void remoteAgentKilledMidRunEndsTheRunKeepingPointOne(@TempDir Path dir) throws Exception {
        int port = freePort();
        Process agent = startRemoteAgent(dir, port, SECRET);
        // RUNTIME=6: the kill comes 2 s into point 2's RUN, 4 s before that point could finish
        Path rc = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "20 40", 1, 6, "").toAbsolutePath();
        setPort(rc, port);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc.toString(), "-s", "k", "-d", results.toString());
        Path log = results.resolve("sfslog.k");
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 2: RUN"))) {
            assertTrue(run.process().isAlive(), "run ended before point 2:\n" + run.output());
            assertTrue(System.currentTimeMillis() < deadline, "point 2 never started:\n" + run.output());
            Thread.sleep(200);
        }
        Thread.sleep(2000);
        long at = System.currentTimeMillis();
        agent.destroyForcibly(); // SIGKILL: the remote host's agent vanishes without a word
        int status = run.waitFor(60);
        long took = System.currentTimeMillis() - at;
        String out = run.output();
        assertNotEquals(0, status, out);
        assertTrue(took <= 30_000, "took " + took + " ms to end:\n" + out);
        assertTrue(out.contains("the agent of client 2 (" + nsIp + ") at " + nsIp + ":" + port + " is gone"), out);
        List<String> rows = Files.readAllLines(results.resolve("sfssum.k"));
        assertEquals(1, rows.size(), "point 1 kept: " + rows);
        long until = System.currentTimeMillis() + 15_000;
        while ((!host.pids().isEmpty() || !Sfs.leftovers(dir.toString()).isEmpty())
                && System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
        assertEquals(List.of(), host.pids(), "the dead agent's worker must exit too");
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "local agent or workers left behind");
    }

    @Test
    void frozenRemoteHostEndsTheRunWithoutHangingTheManager(@TempDir Path dir) throws Exception {
        int port = freePort();
        Process agent = startRemoteAgent(dir, port, SECRET);
        Path rc = PosixRunIT.writeRc(dir, "localhost " + nsIp, 1, "20", 1, 60, "").toAbsolutePath();
        setPort(rc, port);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc.toString(), "-s", "z", "-d", results.toString());
        Path log = results.resolve("sfslog.z");
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN"))) {
            assertTrue(run.process().isAlive(), "run ended before RUN:\n" + run.output());
            assertTrue(System.currentTimeMillis() < deadline, "RUN never started:\n" + run.output());
            Thread.sleep(200);
        }
        // SIGSTOP: the host still accepts connections but answers nothing (a hung machine)
        long at = System.currentTimeMillis();
        assertEquals(0, TestHost.sh("kill", "-STOP", Long.toString(agent.pid())));
        int status = run.waitFor(90);
        long took = System.currentTimeMillis() - at;
        String out = run.output();
        System.out.println("frozen remote agent: the run ended " + took + " ms after SIGSTOP");
        assertNotEquals(0, status, out);
        assertTrue(out.contains("the agent of client 2 (" + nsIp + ") at " + nsIp + ":" + port
                + " did not answer within 30 s"), out);
        // heartbeat limit 30 s, then bounded clean-up calls
        assertTrue(took <= 50_000, "took " + took + " ms to end:\n" + out);
        assertTrue(Files.exists(results.resolve("sfsc0001.z")), "the local client's log is still collected");
        assertTrue(Sfs.leftovers(dir + "/results").isEmpty(), "local agent or workers left behind");
    }

    /** Starts {@code sfs agent} inside the namespace, as a user on that host would, and waits until it listens. */
    private Process startRemoteAgent(Path dir, int port, String secret) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", host.ns));
        cmd.addAll(Sfs.command("agent", "--bind", nsIp, "--port", Integer.toString(port), "--tls", "off",
                "--work-dir", dir.resolve("remote-agent").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("SFS_AGENT_SECRET", secret);
        pb.redirectErrorStream(true);
        Path out = dir.resolve("remote-agent.out");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        agents.add(p);
        long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.readString(out, StandardCharsets.UTF_8).contains("listening on " + nsIp + ":" + port)) {
            assertTrue(p.isAlive(), "remote agent exited: " + Files.readString(out));
            assertTrue(System.currentTimeMillis() < deadline, "remote agent not listening: " + Files.readString(out));
            Thread.sleep(100);
        }
        return p;
    }

    private static List<Integer> resultPoints(Path clientLog) throws IOException {
        Matcher m = Pattern.compile("RESULT point=(\\d+) worker=1 ").matcher(Files.readString(clientLog));
        List<Integer> points = new ArrayList<>();
        while (m.find()) {
            points.add(Integer.parseInt(m.group(1)));
        }
        return points;
    }

    /** The agent port, and plain connections: these tests are about faults, TLS has its own ({@code AgentTlsIT}). */
    private static void setPort(Path rc, int port) throws IOException {
        Files.writeString(rc, Files.readString(rc).replaceAll("(?m)^AGENT_PORT=\\d+$", "AGENT_PORT=" + port)
                + "AGENT_TLS=off\n");
    }

    /** A port for the remote agent (agents of this host take free ports of their own). */
    private static int freePort() {
        return 21000 + ThreadLocalRandom.current().nextInt(20000);
    }
}
