package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.Require;

/**
 * SERVER_MON=ssh: against a network namespace with its own sshd standing in for the server: the
 * collector runs there (its samples name that host's interfaces), its figures reach the results;
 * killed mid-run it does not end the run, and the next point's figures are missing with the
 * cause. The page listens on every address, so it wants the token, which no result file holds.
 */
class LiveServerMonIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void sshCollectorTokenAndKilledCollector(@TempDir Path dir) throws Exception {
        Path sshd = Path.of("/usr/sbin/sshd");
        Require.that(Files.isExecutable(sshd), "openssh-server not installed (bin/install-deps)");
        Path keys = Files.createDirectories(dir.resolve("keys"));
        assertEquals(0, TestHost.sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", keys.resolve("id").toString()));
        Files.copy(keys.resolve("id.pub"), keys.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd"));
        TestHost h = TestHost.create(7);
        Require.that(h != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
        Process sshdProcess = null;
        try {
            Path hostKey = keys.resolve("hostkey");
            assertEquals(0, TestHost.sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString()));
            Path config = keys.resolve("sshd.conf");
            Files.writeString(config, String.join("\n", "ListenAddress " + h.ip, "Port 22", "HostKey " + hostKey,
                    "AuthorizedKeysFile " + keys.resolve("authorized_keys"), "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no",
                    "PidFile none", ""));
            sshdProcess = new ProcessBuilder(h.exec(List.of(sshd.toString(), "-D", "-e", "-f", config.toString())))
                    .redirectErrorStream(true).redirectOutput(keys.resolve("sshd.log").toFile()).start();
            Files.writeString(keys.resolve("known_hosts"), h.ip + " " + Files.readString(keys.resolve("hostkey.pub")).strip()
                    + "\n");
            Files.writeString(keys.resolve("ssh_config"), "Host *\n  UserKnownHostsFile " + keys.resolve("known_hosts")
                    + "\n  GlobalKnownHostsFile /dev/null\n");
            Path tree = dir.resolve("tree");
            ChildProcess install = Sfs.start(dir.resolve("install.out"), Map.of(), "install", tree.toString());
            assertEquals(0, install.waitFor(120), install.output());

            Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20 40", 1, 5, String.join("\n", "SFS_DIR=" + tree,
                    "SSH_IDENTITY=" + keys.resolve("id"), "SSH_CONFIG=" + keys.resolve("ssh_config"),
                    "SERVER_MON=ssh:root@" + h.ip));
            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "mon", "-d",
                    results.toString(), "--live", "0.0.0.0:0");
            assertTrue(run.awaitOutput("live page: http://", 60_000), run.output());
            Matcher m = Pattern.compile("live page: http://\\S+?:(\\d+)/\\?token=([0-9a-f]+)").matcher(run.output());
            assertTrue(m.find(), "off loopback the page wants a token:\n" + run.output());
            String metrics = "http://127.0.0.1:" + m.group(1) + "/metrics";
            String token = m.group(2);
            assertEquals(401, status(metrics, null), "no token, no figures");
            assertEquals(401, status(metrics, "0".repeat(token.length())), "a wrong token");
            assertEquals(200, status(metrics, token));

            Path log = results.resolve("sfslog.mon");
            long until = System.currentTimeMillis() + 120_000;
            while (!(Files.exists(log) && Files.readString(log).contains("load point 2/2"))) {
                assertTrue(run.process().isAlive() && System.currentTimeMillis() < until, run.output());
                Thread.sleep(100);
            }
            List<Long> collectors = h.pids().stream().filter(pid -> ProcessHandle.of(pid)
                    .flatMap(p -> p.info().commandLine()).map(c -> c.contains("server-mon")).orElse(false)).toList();
            assertEquals(1, collectors.size(), "one collector in the server's namespace: " + h.pids());
            ProcessHandle.of(collectors.get(0)).ifPresent(ProcessHandle::destroyForcibly);

            assertEquals(0, run.waitFor(120), "a killed collector does not end the run:\n" + run.output());
            assertTrue(run.output().contains("warning: the server monitor ssh:" + h.ip + " ended"), run.output());
            ResultDocument doc = ResultXml.read(results.resolve("sfsresult.mon.xml"));
            assertNotNull(doc.loadPoints.get(0).server);
            assertNull(doc.loadPoints.get(0).server.missing, "point 1 was measured");
            assertTrue(doc.loadPoints.get(0).server.cpuBusyPercent != null);
            String missing = doc.loadPoints.get(1).server.missing;
            assertTrue(missing != null && missing.contains("ssh:" + h.ip + " ended"), "point 2: " + missing);
            assertTrue(Files.readString(results.resolve("sfsres.mon")).contains("figures missing: " + missing));
            // the samples came from the namespace: its veth, not this side's
            String samples = Files.readString(results.resolve("servermon.mon"));
            assertTrue(samples.contains(" net.sfsn") && !samples.contains(" net." + h.vethHost + "="), samples);
            try (Stream<Path> files = Files.walk(results)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    assertFalse(Files.isRegularFile(f) && Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1)
                            .contains(token), "the token is in " + f);
                }
            }
        } finally {
            if (sshdProcess != null) {
                sshdProcess.destroyForcibly();
                sshdProcess.waitFor(10, TimeUnit.SECONDS);
            }
            h.close();
        }
    }

    private static int status(String url, String token) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (token != null) {
            r.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
