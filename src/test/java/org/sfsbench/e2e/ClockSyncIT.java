package org.sfsbench.e2e;

import org.sfsbench.testsupport.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.sfsbench.results.PhaseAlignment;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;

/**
 * A client whose clock is 3 s ahead (its agent and workers under libfaketime, in a network
 * namespace) beside a local client (docs/running.md, "Clocks"): the manager measures the offset,
 * and with CLOCK_SYNC=on both start every phase together; with CLOCK_SYNC=off the faked client
 * starts each phase as soon as its command arrives, early by the command's lead, and
 * phase-alignment fails naming it. A SIGSTOP of the
 * faked agent for 3 s during RUN names it a straggler with its lag.
 */
@RunsAlone
class ClockSyncIT {
    private static final String SECRET = "clock-it-secret-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    private static final Path LIBFAKETIME = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");
    /** How far the measured offset may be from the faked 3 s beyond its uncertainty, ms. */
    private static final double OFFSET_BOUND_MS = 5;
    private static TestHost host;

    private final List<Process> agents = new ArrayList<>();

    @BeforeAll
    static void createHost() throws Exception {
        Require.that(Files.isRegularFile(LIBFAKETIME), LIBFAKETIME + " missing (apt-get install faketime)");
        host = TestHost.create(7);
        Require.that(host != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
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
    void offsetIsMeasuredAndCorrectedAndAStoppedAgentIsAStraggler(@TempDir Path dir) throws Exception {
        Process agent = startFakedAgent(dir, 3);
        Path results = dir.resolve("results");
        ChildProcess run = start(dir, "on", "on", 6);
        // 1 s into RUN the faked agent stops answering for 3 s (its workers keep loading): the status
        // call then in flight or next waits 2 to 3 s
        Path log = results.resolve("sfslog.on");
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(log) && Files.readString(log).contains("load point 1: RUN"))) {
            assertTrue(run.process().isAlive(), "run ended before RUN:\n" + run.output());
            assertTrue(System.currentTimeMillis() < deadline, "RUN never started:\n" + run.output());
            Thread.sleep(100);
        }
        Thread.sleep(1000);
        assertEquals(0, TestHost.sh("kill", "-STOP", Long.toString(agent.pid())));
        Thread.sleep(3000);
        assertEquals(0, TestHost.sh("kill", "-CONT", Long.toString(agent.pid())));
        assertEquals(0, run.waitFor(150), run.output());

        double[] c2 = clockLine(results.resolve("sfslog.on"), 2);
        assertTrue(Math.abs(c2[0] - 3000) <= c2[1] + OFFSET_BOUND_MS, "offset of the +3 s client: " + c2[0] + " ± " + c2[1]);
        double[] c1 = clockLine(results.resolve("sfslog.on"), 1);
        assertTrue(Math.abs(c1[0]) <= c1[1] + OFFSET_BOUND_MS, "offset of the local client: " + c1[0] + " ± " + c1[1]);
        // the faked client started each phase with the real-clock one: the same host, so a busy machine
        // that wakes both workers late moves both lags alike, and only their difference is the clock's
        for (int phase = 2; phase <= 3; phase++) {
            assertTrue(Math.abs(c2[phase] - c1[phase]) <= PhaseAlignment.TOLERANCE_MS + c1[1] + c2[1],
                    (phase == 2 ? "WARMUP" : "RUN") + " starts apart: " + c1[phase] + " and " + c2[phase] + " ms");
        }
        String sfsres = Files.readString(results.resolve("sfsres.on"));
        assertTrue(Pattern.compile("straggler at point 1: client 2 \\S+ answered in [2-9]\\.\\d s").matcher(sfsres).find(),
                sfsres);
        assertTrue(Pattern.compile("straggler: client 2 \\(\\S+\\) answered in [2-9]\\.\\d s").matcher(run.output()).find(),
                "the console names the stopped agent:\n" + run.output());
        assertTrue(Pattern.compile("INFO  straggler: client 2 \\(\\S+\\) answered in [2-9]\\.\\d s")
                .matcher(Files.readString(log)).find(), "sfslog names the stopped agent");
        assertTrue(sfsres.contains("  PASS phase-alignment "), sfsres);
    }

    @Test
    void withoutTheCorrectionTheFakedClientStartsEarlyAndTheCheckFails(@TempDir Path dir) throws Exception {
        startFakedAgent(dir, 3);
        ChildProcess run = start(dir, "off", "off", 2);
        assertEquals(0, run.waitFor(150), run.output());
        Path results = dir.resolve("results");
        double[] c2 = clockLine(results.resolve("sfslog.off"), 2);
        assertTrue(Math.abs(c2[0] - 3000) <= c2[1] + OFFSET_BOUND_MS, "offsets are measured with CLOCK_SYNC=off too: "
                + c2[0]);
        String sfsres = Files.readString(results.resolve("sfsres.off"));
        Matcher m = Pattern.compile("FAIL phase-alignment +point 1: client 2 \\S+ started (WARMUP|RUN) (\\d+\\.\\d) ms earlier"
                + " than client 1 localhost").matcher(sfsres);
        assertTrue(m.find(), sfsres);
        // 3 s ahead, the client takes each instant as past and starts on receipt: early by the
        // command's lead, at least 0.25 s for WARMUP, 1.5 s for RUN
        assertTrue(Double.parseDouble(m.group(2)) > (m.group(1).equals("RUN") ? 1000 : 200), "early by the lead: "
                + m.group());
        assertTrue(sfsres.contains("Disclosable: NO"), sfsres);
    }

    /** A run of one short point, local client 1 and the faked client 2, with CLOCK_SYNC as given. */
    private ChildProcess start(Path dir, String suffix, String clockSync, int runtime) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost " + host.ip, 1, "20", 2, runtime, "CLOCK_SYNC=" + clockSync + "\n")
                .toAbsolutePath();
        Files.writeString(rc, Files.readString(rc).replaceAll("(?m)^AGENT_PORT=\\d+$", "AGENT_PORT=" + port)
                + "AGENT_TLS=off\n");
        return Sfs.start(dir.resolve("out-" + suffix + ".txt"), Map.of("SFS_AGENT_SECRET", SECRET), "run", "-r",
                rc.toString(), "-s", suffix, "-d", dir.resolve("results").toString());
    }

    private int port;

    /** {@code sfs agent} in the namespace with its clock (and its workers') {@code seconds} ahead. */
    private Process startFakedAgent(Path dir, int seconds) throws Exception {
        port = 21000 + ThreadLocalRandom.current().nextInt(20000);
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", host.ns));
        cmd.addAll(Sfs.command("agent", "--bind", host.ip, "--port", Integer.toString(port), "--tls", "off",
                "--work-dir", dir.resolve("faked-agent").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("SFS_AGENT_SECRET", SECRET);
        pb.environment().put("LD_PRELOAD", LIBFAKETIME.toString());
        pb.environment().put("FAKETIME", "+" + seconds + "s");
        // the monotonic clock is shifted too (a constant shift, harmless): FAKETIME_DONT_FAKE_MONOTONIC=1
        // made each JVM start about 8 times slower here
        pb.redirectErrorStream(true);
        Path out = dir.resolve("faked-agent.out");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        agents.add(p);
        long deadline = System.currentTimeMillis() + 90_000;
        while (!Files.readString(out, StandardCharsets.UTF_8).contains("listening on " + host.ip + ":" + port)) {
            assertTrue(p.isAlive(), "faked agent exited: " + Files.readString(out));
            assertTrue(System.currentTimeMillis() < deadline, "faked agent not listening: " + Files.readString(out));
            Thread.sleep(100);
        }
        return p;
    }

    /** Offset, uncertainty, WARMUP and RUN start lags (ms) of client {@code n} at point 1, from its sfslog clock line. */
    private static double[] clockLine(Path sfslog, int n) throws Exception {
        Matcher m = Pattern.compile("load point 1: client " + n + " \\S+: offset ([-+]\\d+\\.\\d) ms ± (\\d+\\.\\d), "
                + "WARMUP started ([-+]\\d+\\.\\d) ms, RUN started ([-+]\\d+\\.\\d) ms").matcher(Files.readString(sfslog));
        assertTrue(m.find(), "client " + n + "'s clock line in " + sfslog + ":\n" + Files.readString(sfslog));
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))};
    }
}
