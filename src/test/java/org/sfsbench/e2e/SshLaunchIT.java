package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * Agents started by the manager over ssh: two network namespaces stand in for client hosts,
 * each running Debian's OpenSSH server (a private instance with a key made here) on its own
 * address. The manager starts agents there from an installed tree (SFS_DIR) and runs across
 * both and localhost; ssh and tree faults are named with the host before any load point; a
 * killed manager leaves nothing running on the hosts.
 */
class SshLaunchIT {
    @TempDir
    static Path keys;
    private static SshHosts net;
    private static List<TestHost> hosts;
    private static Path tree;

    @BeforeAll
    static void startHosts() throws Exception {
        net = SshHosts.start(keys, 2, 2, i -> "");
        SshHosts.keygen(keys.resolve("stranger"));
        hosts = net.hosts;
        tree = net.tree;
    }

    @AfterAll
    static void stopHosts() throws Exception {
        if (net != null) {
            net.close();
        }
    }

    private static Path rc(Path dir, String sfsDir, String identity, int runtime) throws IOException {
        String clients = "localhost " + hosts.get(0).ip + " " + hosts.get(1).ip;
        return PosixRunIT.writeRc(dir, clients, 1, "20 40", 1, runtime, net.rcLines(sfsDir, identity)).toAbsolutePath();
    }

    @Test
    void managerStartsAgentsOverSshAndRunsAcrossTwoHostsAndLocalhost(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc(dir, tree.toString(), "id", 3).toString(),
                "-s", "ssh", "-d", results.toString());
        assertEquals(0, run.waitFor(240), run.output());
        List<String> rows = Files.readAllLines(results.resolve("sfssum.ssh"));
        assertEquals(2, rows.size(), String.join("\n", rows));
        for (String row : rows) {
            assertEquals("3", row.trim().split("\\s+")[9], "load generators: " + row);
        }
        String log = Files.readString(results.resolve("sfslog.ssh"));
        for (int i = 0; i < 2; i++) {
            assertTrue(log.contains("client " + (i + 2) + " (" + hosts.get(i).ip + "): agent pid "), log);
            String clientLog = Files.readString(results.resolve("sfsc000" + (i + 2) + ".ssh"));
            assertTrue(clientLog.contains("RESULT point=2 ") && clientLog.contains("client " + (i + 2) + " (")
                    && !clientLog.contains("client " + (3 - i) + " ("), "client log of host " + (i + 1) + " alone");
            assertTrue(Files.readString(results.resolve("agents.ssh/agent000" + (i + 2) + ".out"))
                    .contains("listening on " + hosts.get(i).ip + ":"), "ssh-started agent with TLS");
        }
        net.assertNothingLeft(dir, 20);
    }

    @Test
    void refusedKeyIsNamedWithTheHostBeforeLoad(@TempDir Path dir) throws Exception {
        String out = failsBeforeLoad(dir, rc(dir, tree.toString(), "stranger", 3));
        assertTrue(out.contains("client 2 (" + hosts.get(0).ip + "): ssh could not start its agent: ")
                && out.contains("Permission denied (publickey)"), out);
    }

    @Test
    void missingTreeIsNamedWithTheHostBeforeLoad(@TempDir Path dir) throws Exception {
        String out = failsBeforeLoad(dir, rc(dir, "/nonexistent/sfsbench", "id", 3));
        assertTrue(out.contains("client 2 (" + hosts.get(0).ip + "): no sfsbench tree at SFS_DIR=/nonexistent/sfsbench"
                + " on that host (/nonexistent/sfsbench/bin/sfs not found)"), out);
    }

    @Test
    void otherBuildOnAClientIsNamedBeforeLoad(@TempDir Path dir) throws Exception {
        Path other = dir.resolve("other-tree");
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = other.resolve(tree.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        rebuildJar(tree.resolve("manager/lib/sfsbench.jar"), other.resolve("manager/lib/sfsbench.jar"));
        String out = failsBeforeLoad(dir, rc(dir, other.toString(), "id", 3));
        assertTrue(out.contains("client 2 (" + hosts.get(0).ip + "): its agent runs sfsbench build "), out);
        assertTrue(out.contains("install the same tree on every client"), out);
    }

    @Test
    void killedManagerLeavesNoAgentOrWorkerOnAnyHost(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc(dir, tree.toString(), "id", 60).toString(),
                "-s", "kill", "-d", results.toString());
        Path log = results.resolve("sfslog.kill");
        awaitRun(run, log);
        for (TestHost h : hosts) {
            assertTrue(h.pids().size() >= 3, "sshd, agent and worker run on " + h.ip + ": " + h.pids());
        }
        run.process().destroyForcibly(); // SIGKILL: no shutdown hook, no clean-up call
        run.process().waitFor(10, TimeUnit.SECONDS);
        net.assertNothingLeft(dir, 30);
    }

    @Test
    void agentStoppedForThreeSecondsIsNamedAsAStragglerWithItsLag(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc(dir, tree.toString(), "id", 8).toString(),
                "-s", "stop", "-d", results.toString(), "--progress", "plain", "--interval", "1");
        Path log = results.resolve("sfslog.stop");
        awaitRun(run, log);
        TestHost h = hosts.get(0);
        long agent = h.pids().stream().filter(pid -> ProcessHandle.of(pid).flatMap(p -> p.info().commandLine())
                .map(c -> c.contains("org.sfsbench.cli.Main agent --launched")).orElse(false)).findFirst().orElseThrow();
        // SIGSTOP 1.5 s into RUN (its start is past on every client): the host's agent answers
        // nothing for 3 s, its worker goes on loading
        Thread.sleep(1500);
        assertEquals(0, TestHost.sh("kill", "-STOP", Long.toString(agent)));
        Thread.sleep(3000);
        assertEquals(0, TestHost.sh("kill", "-CONT", Long.toString(agent)));
        assertEquals(0, run.waitFor(180), run.output());
        Matcher m = Pattern.compile("straggler: (?:[^\n]*, )?client 2 \\(" + Pattern.quote(h.ip)
                + "\\) answered in (\\d+\\.\\d) s").matcher(run.output());
        assertTrue(m.find(), "the console line names the stopped client with its lag:\n" + run.output());
        double lag = Double.parseDouble(m.group(1));
        assertTrue(lag >= 1.5 && lag <= 4, "answered in " + lag + " s");
        String sfsres = Files.readString(results.resolve("sfsres.stop"));
        assertTrue(sfsres.contains("straggler at point 1: client 2 " + h.ip + " answered in "), sfsres);
        net.assertNothingLeft(dir, 20);
    }

    /** Waits until {@code log} says point 1's RUN began. */
    private static void awaitRun(ChildProcess run, Path log) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN"))) {
            assertTrue(run.process().isAlive(), "run ended before RUN:\n" + run.output());
            assertTrue(System.currentTimeMillis() < deadline, "RUN never started:\n" + run.output());
            Thread.sleep(200);
        }
    }

    private static String failsBeforeLoad(Path dir, Path rc) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "f", "-d",
                results.toString());
        int status = run.waitFor(120);
        String out = run.output();
        assertNotEquals(0, status, out);
        assertTrue(!out.contains("load point 1: INIT") && !out.contains("load point 1/"), "no load point started:\n" + out);
        net.assertNothingLeft(dir, 20);
        return out;
    }

    /** The same classes in a jar with one more entry: another build. */
    private static void rebuildJar(Path from, Path to) throws IOException {
        Files.deleteIfExists(to);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(from));
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(to))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null;) {
                out.putNextEntry(new ZipEntry(e.getName()));
                in.transferTo(out);
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry("another-build.txt"));
            out.write("built elsewhere\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }
}
