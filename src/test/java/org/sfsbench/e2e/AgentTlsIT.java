package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.manager.AgentClient;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;
import org.sfsbench.tls.TlsIdentity;

/**
 * Mutual TLS on agent connections: a manager whose certificate comes from another CA is refused,
 * and the wire between a manager and an agent on another host (a namespace) carries TLS records
 * only, never the CIFS password.
 */
class AgentTlsIT {
    private static final String SECRET = "tls-it-secret-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    @Test
    void managerWithACertificateFromAnotherCaIsRefused(@TempDir Path dir) throws Exception {
        assertEquals(0, initTls(dir, "a"));
        assertEquals(0, initTls(dir, "b"));
        assertNotEquals(Files.readString(dir.resolve("a/ca.crt")), Files.readString(dir.resolve("b/ca.crt")), "two CAs");

        ProcessBuilder pb = new ProcessBuilder(Sfs.command("agent", "--bind", "127.0.0.1", "--port", "0", "--tls", "on",
                "--tls-dir", dir.resolve("a").toString(), "--work-dir", dir.resolve("w").toString()));
        pb.environment().put(Secrets.ENV, SECRET);
        Path out = dir.resolve("agent.out");
        pb.redirectErrorStream(true).redirectOutput(out.toFile());
        Process agent = pb.start();
        try {
            Matcher m = waitFor(out, agent, Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) \\(TLS,"));
            int port = Integer.parseInt(m.group(1));

            SocketFactories.TlsClient.use(TlsIdentity.context(List.of(TlsIdentity.load(dir.resolve("b")))));
            AgentException e = assertThrows(AgentException.class, () -> AgentClient.connect("client 1 (other CA)",
                    "127.0.0.1", port, SECRET, true, 3000, () -> true, ""));
            assertTrue(e.getMessage().contains("TLS with the agent at 127.0.0.1:" + port + " failed"), e.getMessage());

            AgentException plain = assertThrows(AgentException.class, () -> AgentClient.connect("client 1 (plain)",
                    "127.0.0.1", port, SECRET, false, 1000, () -> false, ""));
            assertTrue(plain.getMessage().startsWith("client 1 (plain): "), plain.getMessage());

            SocketFactories.TlsClient.use(TlsIdentity.context(List.of(TlsIdentity.load(dir.resolve("a")))));
            assertTrue(AgentClient.connect("client 1 (same CA)", "127.0.0.1", port, SECRET, true, 3000, () -> true, "")
                    .info().pid() == agent.pid(), "the manager with a certificate of the agent's CA logs in");
        } finally {
            agent.destroyForcibly();
            agent.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void localAgentWithAgentTlsOnRunsOverPerRunKeys(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "10", 1, 2, "AGENT_TLS=on");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "t", "-d",
                dir.resolve("results").toString());
        assertEquals(0, run.waitFor(120), run.output());
        assertTrue(Files.readString(dir.resolve("results/agents.t/agent0001.out")).contains("listening on 127.0.0.1:")
                && Files.readString(dir.resolve("results/agents.t/agent0001.out")).contains(" (TLS, "),
                "the local agent listened with the run's TLS key");
        assertEquals(1, Files.readAllLines(dir.resolve("results/sfssum.t")).size());
    }

    @Test
    void wireToAnAgentOnAnotherHostCarriesTlsOnlyAndNoPassword(@TempDir Path dir) throws Exception {
        try (TestHost host = TestHost.create(1)) {
            Require.that(host != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
            Path tree = dir.resolve("tree");
            assertEquals(0, run(dir.resolve("install.out"), "install", tree.toString()));
            int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
            List<String> agentCmd = host.exec(List.of(tree.resolve("bin/sfs").toString(), "agent", "--bind", host.ip,
                    "--port", Integer.toString(port), "--work-dir", dir.resolve("remote").toString()));
            Path agentOut = dir.resolve("agent.out");
            Process agent = new ProcessBuilder(agentCmd).redirectErrorStream(true).redirectOutput(agentOut.toFile()).start();
            Path pcap = dir.resolve("wire.pcap");
            Process tshark = new ProcessBuilder("tshark", "-i", host.vethHost, "-f", "tcp port " + port, "-w", pcap.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("tshark.out").toFile()).start();
            try {
                waitFor(agentOut, agent, Pattern.compile("listening on " + Pattern.quote(host.ip) + ":" + port + " \\(TLS,"));
                waitFor(dir.resolve("tshark.out"), tshark, Pattern.compile("Capturing on"));
                String password = "pw-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + "-wire";
                Path rc = TestRc.write(dir, "cifs", host.ip, 1, "\\\\" + host.hostIp + ":1\\share", "10", 1, 2,
                        "USERNAME=bench\nPASSWORD=" + password + "\nDOMAIN=WORKGROUP\nAGENT_PORT=" + port);
                Files.writeString(rc, Files.readString(rc).replaceFirst("(?m)^AGENT_PORT=\\d+\n", ""));
                Path runOut = dir.resolve("run.out");
                Process run = new ProcessBuilder(tree.resolve("bin/sfs").toString(), "run", "-r", rc.toString(), "-s",
                        "tls", "-d", dir.resolve("results").toString())
                        .redirectErrorStream(true).redirectOutput(runOut.toFile()).start();
                assertTrue(run.waitFor(120, TimeUnit.SECONDS), Files.readString(runOut));
                String text = Files.readString(runOut);
                // the engine configuration (with the password) reached the agent: its worker tried the server
                assertNotEquals(0, run.exitValue(), text);
                assertTrue(text.contains("client 1 (" + host.ip + ") worker 1 [procs 0]: proc 0 (target \\\\" + host.hostIp
                        + ":1\\share): cannot connect"), text);
                Thread.sleep(1000);
            } finally {
                tshark.destroy();
                tshark.waitFor(10, TimeUnit.SECONDS);
                agent.destroyForcibly();
                agent.waitFor(10, TimeUnit.SECONDS);
            }
            Map<String, byte[]> streams = tcpStreams(pcap);
            assertTrue(streams.size() >= 2, "connections captured: " + streams.keySet());
            int records = 0;
            for (Map.Entry<String, byte[]> e : streams.entrySet()) {
                records += tlsRecords(e.getKey(), e.getValue());
            }
            assertTrue(records > 10, "TLS records on the wire: " + records);
            byte[] wire = Files.readAllBytes(pcap);
            String raw = new String(wire, StandardCharsets.ISO_8859_1);
            assertFalse(raw.contains("PASSWORD") || raw.contains("password=") || raw.contains("-wire"),
                    "the password or the engine configuration crossed the wire in clear");
            assertFalse(raw.contains(Files.readString(tree.resolve("policy/agent.secret")).strip()), "the secret in clear");
        }
    }

    /** Each TCP direction's bytes in sequence order (retransmissions once), by "stream/source port". */
    private static Map<String, byte[]> tcpStreams(Path pcap) throws Exception {
        Process p = new ProcessBuilder("tshark", "-r", pcap.toString(), "-Y", "tcp.len>0", "-T", "fields", "-e",
                "tcp.stream", "-e", "tcp.srcport", "-e", "tcp.seq", "-e", "tcp.payload")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        Map<String, java.util.TreeMap<Long, byte[]>> bySeq = new java.util.TreeMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.split("\t");
            if (f.length == 4) {
                bySeq.computeIfAbsent(f[0] + "/" + f[1], k -> new java.util.TreeMap<>())
                        .put(Long.parseLong(f[2]), java.util.HexFormat.of().parseHex(f[3].replace(":", "")));
            }
        }
        Map<String, byte[]> out = new java.util.TreeMap<>();
        bySeq.forEach((k, segments) -> {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            long next = segments.firstKey();
            for (Map.Entry<Long, byte[]> s : segments.entrySet()) {
                int skip = (int) (next - s.getKey());
                if (skip < s.getValue().length) {
                    b.write(s.getValue(), Math.max(0, skip), s.getValue().length - Math.max(0, skip));
                    next = s.getKey() + s.getValue().length;
                }
            }
            out.put(k, b.toByteArray());
        });
        return out;
    }

    /** Walks {@code bytes} as TLS records (type 20-23, version 3.x, length <= 2^14 + 256) to the end; returns their number. */
    private static int tlsRecords(String stream, byte[] bytes) {
        int at = 0;
        int n = 0;
        while (at < bytes.length) {
            assertTrue(at + 5 <= bytes.length, stream + ": a partial record header at byte " + at);
            int type = bytes[at] & 0xff;
            int major = bytes[at + 1] & 0xff;
            int len = ((bytes[at + 3] & 0xff) << 8) | (bytes[at + 4] & 0xff);
            assertTrue(type >= 20 && type <= 23 && major == 3 && len <= 16384 + 256,
                    stream + ": not a TLS record at byte " + at + " (type " + type + ", version " + major + ", length " + len + ")");
            at += 5 + len;
            n++;
        }
        assertEquals(bytes.length, at, stream + ": the last record is cut");
        return n;
    }

    private static int initTls(Path dir, String name) throws Exception {
        return run(dir.resolve(name + ".out"), "agent", "--init-tls", dir.resolve(name).toString(), "--host-name", "test-" + name);
    }

    private static int run(Path out, String... args) throws Exception {
        ChildProcess c = Sfs.start(out, Map.of(), args);
        return c.waitFor(60);
    }

    private static Matcher waitFor(Path out, Process p, Pattern ready) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            Matcher m = ready.matcher(Files.exists(out) ? Files.readString(out) : "");
            if (m.find()) {
                return m;
            }
            assertTrue(p.isAlive() && System.currentTimeMillis() < deadline, "not ready (" + ready + "): "
                    + (Files.exists(out) ? Files.readString(out) : ""));
            Thread.sleep(100);
        }
    }
}
