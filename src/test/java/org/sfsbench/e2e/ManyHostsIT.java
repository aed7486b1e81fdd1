package org.sfsbench.e2e;

import org.sfsbench.testsupport.RunsAlone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ClientThroughputXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.PhaseAlignment;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;

/**
 * 32 client hosts (network namespaces, each with its own sshd) whose agents the manager starts
 * over ssh with mutual TLS, loading a private NFS-Ganesha on this host over their links. Two of
 * them run their agent and workers under libfaketime, 3 s ahead and 2 s behind. When each host
 * really began WARMUP is read off the wire ({@link WarmupStarts}), never off a client's clock:
 * with CLOCK_SYNC=on every client starts within the tolerance; with CLOCK_SYNC=off the host 2 s
 * behind starts 2 s late and the one ahead starts as soon as the command reaches it, early by the
 * manager's whole lead. Each run's merged result holds every client's ops, and nothing is left
 * running on any host after it.
 */
@RunsAlone
class ManyHostsIT {
    private static final int HOSTS = 32;
    private static final int PROCS = 4;
    /** Requested ops/s of one proc at LOAD_1: a schedule interval of 0.1 s. */
    private static final int PROC_OPS = 10;
    /** The faked hosts (0-based) and their offsets. */
    private static final int AHEAD = 5;
    private static final int BEHIND = 20;
    private static final String LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

    @TempDir
    static Path keys;
    private static SshHosts net;
    private static GaneshaServer nfs;
    private static int nfsPort;

    @BeforeAll
    static void startHosts() throws Exception {
        Require.root("network namespaces, sshd and Ganesha on a link address");
        Require.that(Files.exists(Path.of(LIBFAKETIME)), "libfaketime not installed (faketime, bin/install-deps)");
        Require.that(Files.isExecutable(Path.of("/usr/bin/dumpcap")), "dumpcap not installed (tshark, bin/install-deps)");
        net = SshHosts.start(keys, 0, HOSTS, ManyHostsIT::sshdConfig);
        // the server listens on this host's end of host 1's link; every other host routes there
        String server = net.hosts.get(0).hostIp;
        for (TestHost h : net.hosts.subList(1, HOSTS)) {
            h.route(server);
        }
        nfs = new GaneshaServer(keys.resolve("ganesha"), server).start();
        nfsPort = nfs.port();
        assertClock(AHEAD, 3000);
        assertClock(BEHIND, -2000);
        assertClock(0, 0);
    }

    @AfterAll
    static void stopHosts() throws Exception {
        try {
            if (nfs != null) {
                nfs.stop();
            }
        } finally {
            if (net != null) {
                net.close();
                String left = new String(new ProcessBuilder("ip", "netns", "list").start().getInputStream().readAllBytes(),
                        StandardCharsets.UTF_8);
                for (TestHost h : net.hosts) {
                    assertTrue(!left.contains(h.ns), "namespace " + h.ns + " left:\n" + left);
                    assertTrue(!Files.exists(Path.of("/sys/class/net", h.vethHost)), "link " + h.vethHost + " left");
                }
            }
        }
    }

    /** Small agent JVMs on every host; the faked hosts' sessions (agent, workers) under libfaketime. */
    private static String sshdConfig(int i) {
        String env = "SetEnv \"SFS_JAVA_OPTS=-Xmx96m -XX:+UseSerialGC -XX:TieredStopAtLevel=1\"";
        String fake = i == AHEAD ? "+3s" : i == BEHIND ? "-2s" : null;
        // the wall clock only; without FAKETIME_FORCE_MONOTONIC_FIX=0 a JVM starts 5-10 times slower
        return fake == null ? env : env + " LD_PRELOAD=" + LIBFAKETIME + " FAKETIME=" + fake
                + " FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_FORCE_MONOTONIC_FIX=0";
    }

    /** A JVM started over ssh on host {@code i}, as its agent is, sees this host's time plus {@code offsetMs}. */
    private static void assertClock(int i, long offsetMs) throws Exception {
        Path classes = Path.of(ClockProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = net.ssh(net.hosts.get(i), List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xshare:auto", "-cp", classes.toString(), ClockProbe.class.getName()));
        long before = System.currentTimeMillis();
        ChildProcess.Result r = ChildProcess.run(cmd, Map.of(), 60, TimeUnit.SECONDS);
        long after = System.currentTimeMillis();
        assertEquals(0, r.exit(), r.toString());
        long seen = Long.parseLong(r.output().strip().lines().reduce((a, b) -> b).orElse("0"));
        assertTrue(seen >= before + offsetMs - 20 && seen <= after + offsetMs + 20, "host " + (i + 1)
                + ": its JVM's System.currentTimeMillis() " + seen + " is not this host's " + before + ".." + after
                + " plus " + offsetMs + " ms");
    }

    @Test
    void thirtyTwoHostsOverSshStartTogetherWithClockSync(@TempDir Path dir) throws Exception {
        List<Long> loads = List.of((long) HOSTS * PROCS * PROC_OPS, (long) HOSTS * PROCS * PROC_OPS * 3 / 2);
        Run run = run(dir, "on", loads);
        ResultDocument doc = run.checkResults(loads.size());
        StringBuilder misaligned = new StringBuilder();
        for (int k = 1; k <= loads.size(); k++) {
            Map<Integer, Double> starts = run.starts(k);
            double ref = WarmupStarts.reference(starts, List.of(AHEAD + 1, BEHIND + 1));
            List<String> late = run.misaligned(starts, ref, interval(loads.get(k - 1)), doc, k);
            System.out.println("CLOCK_SYNC=on, point " + k + run.lags(starts, ref));
            if (!late.isEmpty()) {
                misaligned.append("\npoint ").append(k).append(": ").append(String.join("; ", late))
                        .append(run.lags(starts, ref)).append("\nthe manager's view:\n").append(run.clockLines(k));
            }
        }
        assertEquals("", misaligned.toString(), "every client starts WARMUP within the tolerance");
    }

    @Test
    void withoutClockSyncTheFakedHostsStartOffByTheirClocks(@TempDir Path dir) throws Exception {
        List<Long> loads = List.of((long) HOSTS * PROCS * PROC_OPS);
        Run run = run(dir, "off", loads);
        ResultDocument doc = run.checkResults(1);
        Map<Integer, Double> starts = run.starts(1);
        double ref = WarmupStarts.reference(starts, List.of(AHEAD + 1, BEHIND + 1));
        double interval = interval(loads.get(0));
        double behind = (starts.get(BEHIND + 1) - ref) * 1000;
        double ahead = (starts.get(AHEAD + 1) - ref) * 1000;
        String lags = run.lags(starts, ref);
        System.out.println("CLOCK_SYNC=off" + lags);
        // 2 s behind: its clock shows the instant 2 s late (first call within one interval after)
        assertTrue(behind >= 2000 - 100 && behind <= 2000 + interval + 100, "the host 2 s behind started " + behind
                + " ms after the others" + lags);
        // 3 s ahead: the instant has passed on its clock when the command arrives, so it starts at
        // once, early by the manager's lead (0.25..1.5 s), not by its 3 s
        assertTrue(ahead <= -250 + interval + 50 && ahead >= -1500 - 100, "the host 3 s ahead started " + ahead
                + " ms from the others" + lags);
        assertEquals(List.of(AHEAD + 1, BEHIND + 1), run.misaligned(starts, ref, interval, doc, 1).stream()
                .map(s -> Integer.parseInt(s.replaceFirst("^client (\\d+) .*", "$1"))).toList(),
                "only the faked hosts start outside the tolerance" + lags);
        // the manager's own check, from the starts its workers report, fails the point too
        assertTrue(run.log().contains("not disclosable: phase-alignment failed: point 1: client "), run.log());
    }

    /** A proc's schedule interval (ms) at {@code load} requested ops/s over every client. */
    private static double interval(long load) {
        return 1000.0 * HOSTS * PROCS / load;
    }

    private Run run(Path dir, String clockSync, List<Long> loads) throws Exception {
        Map<Integer, String> clients = new LinkedHashMap<>();
        for (int i = 0; i < HOSTS; i++) {
            clients.put(i + 1, net.hosts.get(i).ip);
        }
        String mnt = String.join(" ", java.util.Collections.nCopies(PROCS, nfs.url()));
        Path rc = TestRc.write(dir, "nfs", String.join(" ", clients.values()), PROCS, mnt,
                String.join(" ", loads.stream().map(String::valueOf).toList()), 2, 3,
                net.rcLines(net.tree.toString(), "id") + "\nCLOCK_SYNC=" + clockSync);
        Path results = dir.resolve("results");
        String suffix = "many" + clockSync;
        Map<Integer, Double> initDone = new TreeMap<>();
        try (WarmupStarts wire = WarmupStarts.capture(dir.resolve("nfs.pcap"), nfsPort)) {
            ChildProcess sfs = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", suffix,
                    "-d", results.toString());
            try {
                followLog(sfs, results.resolve("sfslog." + suffix), initDone);
                assertEquals(0, sfs.waitFor(120), sfs.output());
            } finally {
                if (sfs.process().isAlive()) {
                    sfs.process().descendants().forEach(ProcessHandle::destroyForcibly);
                    sfs.process().destroyForcibly();
                }
            }
            net.assertNothingLeft(dir, 30);
            return new Run(results, suffix, clients, initDone, wire.callTimes(), sfs.output());
        }
    }

    /**
     * Reads the run's sfslog as it grows until the run ends: notes when (this host's clock) each
     * point's "INIT done" appears, and checks once during RUN that the faked hosts' agent and
     * worker JVMs carry libfaketime.
     */
    private static void followLog(ChildProcess sfs, Path log, Map<Integer, Double> initDone) throws Exception {
        Pattern done = Pattern.compile("load point (\\d+): INIT done");
        StringBuilder text = new StringBuilder();
        long pos = 0;
        boolean envChecked = false;
        long deadline = System.currentTimeMillis() + 240_000;
        while (sfs.process().isAlive() && System.currentTimeMillis() < deadline) {
            if (Files.exists(log)) {
                try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
                    if (f.length() > pos) {
                        byte[] b = new byte[(int) (f.length() - pos)];
                        f.seek(pos);
                        f.readFully(b);
                        pos += b.length;
                        double now = System.currentTimeMillis() / 1000.0;
                        text.append(new String(b, StandardCharsets.UTF_8));
                        Matcher m = done.matcher(text);
                        while (m.find()) {
                            initDone.putIfAbsent(Integer.parseInt(m.group(1)), now);
                        }
                    }
                }
                if (!envChecked && text.indexOf("load point 1: RUN") >= 0) {
                    assertFakedJvms(AHEAD, "FAKETIME=+3s");
                    assertFakedJvms(BEHIND, "FAKETIME=-2s");
                    envChecked = true;
                }
            }
            Thread.sleep(5);
        }
        assertTrue(envChecked, "no RUN seen in " + log + ":\n" + text);
    }

    /** The agent and the worker of host {@code i} run with libfaketime preloaded and {@code fake} set. */
    private static void assertFakedJvms(int i, String fake) throws Exception {
        int jvms = 0;
        for (long pid : net.hosts.get(i).pids()) {
            boolean java = ProcessHandle.of(pid).flatMap(p -> p.info().command()).map(c -> c.endsWith("/java")).orElse(false);
            if (java) {
                String env = Files.readString(Path.of("/proc", Long.toString(pid), "environ"), StandardCharsets.ISO_8859_1);
                assertTrue(env.contains("LD_PRELOAD=" + LIBFAKETIME) && env.contains(fake), "JVM " + pid + " of host "
                        + (i + 1) + " without libfaketime");
                jvms++;
            }
        }
        assertTrue(jvms >= 2, "host " + (i + 1) + ": agent and worker JVMs found: " + jvms);
    }

    /** A finished run: its results, the wire's call times and when each point's INIT was seen done. */
    private record Run(Path results, String suffix, Map<Integer, String> clients, Map<Integer, Double> initDone,
            Map<String, List<Double>> times, String console) {

        String log() throws IOException {
            return Files.readString(results.resolve("sfslog." + suffix));
        }

        /** sfslog's clock figures of every client at point {@code point}. */
        String clockLines(int point) throws IOException {
            return String.join("\n", log().lines().filter(l -> l.contains("load point " + point + ": client ")
                    && l.contains(" offset ")).toList());
        }

        Map<Integer, Double> starts(int point) {
            assertTrue(initDone.containsKey(point), "INIT done of point " + point + " not seen in sfslog");
            Map<Integer, Double> s = WarmupStarts.starts(times, clients, initDone.get(point));
            s.forEach((n, t) -> assertTrue(!t.isNaN(), "client " + n + " (" + clients.get(n) + "): no NFS call after INIT"
                    + " of point " + point));
            return s;
        }

        /**
         * Clients whose first call of point {@code point} puts their start outside the tolerance
         * (PhaseAlignment's, with the client's uncertainty from the results) around {@code ref}: "client N (ip): ..."
         */
        List<String> misaligned(Map<Integer, Double> starts, double ref, double intervalMs, ResultDocument doc, int point) {
            List<String> out = new ArrayList<>();
            starts.forEach((n, t) -> {
                double lag = (t - ref) * 1000;
                double tol = PhaseAlignment.TOLERANCE_MS + uncertaintyMs(doc, point, n);
                // the first call comes 0..1 interval after the start; ref is itself a first call
                if (lag < -(tol + intervalMs / 4) || lag > tol + intervalMs) {
                    out.add(String.format("client %d (%s): first WARMUP call %+.0f ms from the others', tolerance %.0f ms",
                            n, clients.get(n), lag, tol));
                }
            });
            return out;
        }

        /** The uncertainty of client {@code n}'s clock offset at point {@code point}, as the XML records it. */
        private static double uncertaintyMs(ResultDocument doc, int point, int n) {
            ClientThroughputXml c = doc.loadPoints.get(point - 1).clientThroughput.stream().filter(x -> x.index == n)
                    .findFirst().orElseThrow();
            assertTrue(c.clock != null, "point " + point + ", client " + n + ": no clock in the results");
            return c.clock.uncertaintyMs.doubleValue();
        }

        String lags(Map<Integer, Double> starts, double ref) {
            StringBuilder b = new StringBuilder("\nfirst WARMUP call of each client, ms from the median:");
            starts.forEach((n, t) -> b.append(String.format(" %d:%+.0f", n, (t - ref) * 1000)));
            return b.toString();
        }

        /** sfssum, sfsres, the XML and the client logs: 32 clients, each with ops, that add up to the total. */
        ResultDocument checkResults(int points) throws Exception {
            Path xml = results.resolve("sfsresult." + suffix + ".xml");
            XmlLint.validate(xml, Sfs.home().resolve("docs/sfsresult.xsd"));
            ResultDocument doc = ResultXml.read(xml);
            assertEquals(HOSTS, doc.clients.size());
            List<String> rows = Files.readAllLines(results.resolve("sfssum." + suffix));
            assertEquals(points, rows.size(), String.join("\n", rows));
            for (String row : rows) {
                assertEquals(Integer.toString(HOSTS), row.trim().split("\\s+")[9], "load generators: " + row);
            }
            String sfsres = Files.readString(results.resolve("sfsres." + suffix));
            assertEquals(points, doc.loadPoints.size());
            for (LoadPointXml p : doc.loadPoints) {
                assertEquals(HOSTS, p.clients);
                assertEquals(HOSTS, p.clientThroughput.size(), "per-client rows of point " + p.index);
                BigDecimal sum = BigDecimal.ZERO;
                for (ClientThroughputXml c : p.clientThroughput) {
                    assertEquals(clients.get(c.index), c.client);
                    assertTrue(c.opsPerSec.signum() > 0, "client " + c.index + " of point " + p.index + ": no ops");
                    sum = sum.add(c.opsPerSec);
                }
                // rounded to 0.1 each
                assertTrue(sum.subtract(p.achievedOpsPerSec).abs().doubleValue() <= 0.05 * (HOSTS + 1),
                        "point " + p.index + ": clients' " + sum + " ops/s, point " + p.achievedOpsPerSec);
                assertEquals(p.totalOps, clientLogOps(p.index), "point " + p.index + ": the clients' RESULT ops add up");
            }
            // beyond 16 clients sfsres summarises them per point (the XML above keeps every row):
            // the spread of all 32, its slowest client still loading
            Matcher m = Pattern.compile("(?m)^  " + HOSTS + " clients, achieved ops/s: min (\\d+\\.\\d) \\(client \\d+ "
                    + "\\(10\\.231\\.[0-9.]+\\)\\), median \\d+\\.\\d, max \\d+\\.\\d").matcher(sfsres);
            int summaries = 0;
            while (m.find()) {
                summaries++;
                assertTrue(Double.parseDouble(m.group(1)) > 0, "a client without ops: " + m.group());
            }
            assertEquals(points, summaries, "sfsres: one clients' spread per point:\n" + sfsres);
            return doc;
        }

        /** The ops of point {@code point} in the RESULT lines of every client's log. */
        private long clientLogOps(int point) throws IOException {
            Pattern p = Pattern.compile("RESULT point=" + point + " worker=\\d+ procs=\\d+ ops=(\\d+) ");
            long ops = 0;
            for (int n : clients.keySet()) {
                Matcher m = p.matcher(Files.readString(results.resolve(String.format("sfsc%04d.%s", n, suffix))));
                assertTrue(m.find(), "client " + n + ": no RESULT line of point " + point);
                ops += Long.parseLong(m.group(1));
                assertTrue(Long.parseLong(m.group(1)) > 0, "client " + n + ": 0 ops in point " + point);
            }
            return ops;
        }
    }
}
