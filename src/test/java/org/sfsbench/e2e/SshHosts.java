package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;

/**
 * Client hosts the manager reaches over ssh: network namespaces ({@link TestHost}), each running
 * Debian's OpenSSH server (a private instance with a host key made here) on its own address,
 * one client key {@code keys/id} they all accept, and an installed sfsbench tree for SFS_DIR.
 * {@link #close} stops every sshd and removes every namespace, also after a failed start.
 */
final class SshHosts implements AutoCloseable {
    final Path keys;
    final List<TestHost> hosts = new ArrayList<>();
    final Path tree;
    private final List<Process> sshds = new ArrayList<>();

    private SshHosts(Path keys) {
        this.keys = keys;
        this.tree = keys.resolve("tree");
    }

    /**
     * Hosts {@code firstIndex .. firstIndex + count - 1} (TestHost indexes); {@code sshdConfig} gives
     * host {@code i} (0-based here) extra sshd_config lines, "" for none.
     */
    static SshHosts start(Path keys, int firstIndex, int count, IntFunction<String> sshdConfig) throws Exception {
        Path sshd = Path.of("/usr/sbin/sshd");
        Require.that(Files.isExecutable(sshd), "openssh-server not installed (bin/install-deps)");
        SshHosts s = new SshHosts(keys);
        try {
            s.startAll(sshd, firstIndex, count, sshdConfig);
            return s;
        } catch (Throwable t) {
            s.close();
            throw t;
        }
    }

    private void startAll(Path sshd, int firstIndex, int count, IntFunction<String> sshdConfig) throws Exception {
        keygen(keys.resolve("id"));
        Files.copy(keys.resolve("id.pub"), keys.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation folder
        StringBuilder known = new StringBuilder();
        for (int i = 0; i < count; i++) {
            TestHost h = TestHost.create(firstIndex + i);
            Require.that(h != null, "ip netns add not permitted (needs root / CAP_NET_ADMIN)");
            hosts.add(h);
            Path hostKey = keys.resolve("hostkey" + i);
            keygen(hostKey);
            Path config = keys.resolve("sshd" + i + ".conf");
            Files.writeString(config, String.join("\n", "ListenAddress " + h.ip, "Port 22", "HostKey " + hostKey,
                    "AuthorizedKeysFile " + keys.resolve("authorized_keys"), "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no",
                    "PidFile none", sshdConfig.apply(i), ""));
            sshds.add(new ProcessBuilder(h.exec(List.of(sshd.toString(), "-D", "-e", "-f", config.toString())))
                    .redirectErrorStream(true).redirectOutput(keys.resolve("sshd" + i + ".log").toFile()).start());
            known.append(h.ip).append(' ').append(Files.readString(keys.resolve("hostkey" + i + ".pub")).strip()).append('\n');
        }
        Files.writeString(keys.resolve("known_hosts"), known);
        Files.writeString(keys.resolve("ssh_config"), "Host *\n  UserKnownHostsFile " + keys.resolve("known_hosts")
                + "\n  GlobalKnownHostsFile /dev/null\n");
        ChildProcess install = Sfs.start(keys.resolve("install.out"), Map.of(), "install", tree.toString());
        assertEquals(0, install.waitFor(120), install.output());
        for (TestHost h : hosts) {
            long until = System.currentTimeMillis() + 10_000;
            while (TestHost.sh("ip", "netns", "exec", h.ns, "bash", "-c", "exec 3<>/dev/tcp/" + h.ip + "/22") != 0) {
                assertTrue(System.currentTimeMillis() < until, "sshd not listening on " + h.ip);
                Thread.sleep(200);
            }
        }
    }

    static void keygen(Path key) throws IOException, InterruptedException {
        assertEquals(0, TestHost.sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()));
    }

    /** The rc lines of AGENT_START=ssh from {@code sfsDir} with the key {@code keys/identity}. */
    String rcLines(String sfsDir, String identity) {
        return String.join("\n", "SFS_DIR=" + sfsDir, "SSH_USER=root", "SSH_IDENTITY=" + keys.resolve(identity),
                "SSH_CONFIG=" + keys.resolve("ssh_config"));
    }

    /** {@code ssh root@host cmd...} with the client key and this set's known hosts. */
    List<String> ssh(TestHost h, List<String> cmd) {
        List<String> c = new ArrayList<>(List.of("ssh", "-T", "-o", "BatchMode=yes", "-F", keys.resolve("ssh_config").toString(),
                "-i", keys.resolve("id").toString(), "root@" + h.ip));
        c.addAll(cmd);
        return c;
    }

    /** Within {@code seconds}: only each host's sshd is left there, and no sfsbench process of {@code dir} here. */
    void assertNothingLeft(Path dir, int seconds) throws Exception {
        long until = System.currentTimeMillis() + seconds * 1000L;
        List<Long> left;
        do {
            left = new ArrayList<>();
            for (TestHost h : hosts) {
                for (long pid : h.pids()) {
                    if (!isSshd(pid)) {
                        left.add(pid);
                    }
                }
            }
            left.addAll(Sfs.leftovers(dir.toString()).stream().map(ProcessHandle::pid).toList());
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(250);
        } while (System.currentTimeMillis() < until);
        StringBuilder b = new StringBuilder();
        for (long pid : left) {
            b.append(pid).append(' ').append(ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("?")).append('\n');
        }
        throw new AssertionError("left running after " + seconds + " s:\n" + b);
    }

    /** The host's sshd (and its per-connection processes, which linger a moment after a session). */
    private static boolean isSshd(long pid) {
        return ProcessHandle.of(pid).map(p -> !p.isAlive() || p.info().command().map(c -> c.endsWith("/sshd"))
                .orElse(false)).orElse(true);
    }

    /** Stops every sshd and removes every namespace (with whatever still runs there); goes on past a failure. */
    @Override
    public void close() throws IOException {
        for (Process p : sshds) {
            p.destroyForcibly();
        }
        IOException first = null;
        for (TestHost h : hosts) {
            try {
                h.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        for (Process p : sshds) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
