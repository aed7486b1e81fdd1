package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

        ProcessBuilder pb = new ProcessBuilder(SfsCli.command("agent", "--bind", "127.0.0.1", "--port", "0", "--tls", "on",
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
    void wireToAnAgentOnAnotherHostCarriesTlsOnlyAndNoPassword(@TempDir Path dir) throws Exception {
        try (TestHost host = TestHost.create(1)) {
            assumeTrue(host != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
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
                assertTrue(text.contains("client 1 (" + host.ip + ")") && !text.contains("TLS with"), text);
                Thread.sleep(1000);
            } finally {
                tshark.destroy();
                tshark.waitFor(10, TimeUnit.SECONDS);
                agent.destroyForcibly();
                agent.waitFor(10, TimeUnit.SECONDS);
            }
            String records = tsharkFields(pcap, port, "tcp.len>0", "tls.record.content_type");
            String notTls = tsharkFields(pcap, port, "tcp.len>0 && !tls", "frame.number");
            assertTrue(records.lines().count() > 10, "TLS records on the wire: " + records);
            assertEquals("", notTls.strip(), "payload that is not TLS (frames): " + notTls);
            byte[] wire = Files.readAllBytes(pcap);
            String raw = new String(wire, StandardCharsets.ISO_8859_1);
            assertFalse(raw.contains("PASSWORD") || raw.contains("password=") || raw.contains("-wire"),
                    "the password or the engine configuration crossed the wire in clear");
            assertFalse(raw.contains(Files.readString(tree.resolve("policy/agent.secret")).strip()), "the secret in clear");
        }
    }

    private static String tsharkFields(Path pcap, int port, String filter, String field) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-r", pcap.toString(), "-d", "tcp.port==" + port + ",tls",
                "-Y", filter, "-T", "fields", "-e", field));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return text;
    }

    private static int initTls(Path dir, String name) throws Exception {
        return run(dir.resolve(name + ".out"), "agent", "--init-tls", dir.resolve(name).toString(), "--host-name", "test-" + name);
    }

    private static int run(Path out, String... args) throws Exception {
        SfsCli c = SfsCli.start(out, Map.of(), args);
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
