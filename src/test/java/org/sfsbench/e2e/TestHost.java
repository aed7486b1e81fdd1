package org.sfsbench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another "host" for end-to-end tests: a Linux network namespace joined to this one by a veth
 * pair on a private /30 (10.231.x.y, from the test process id and an index). It shares the file
 * system, so folders and installed trees are the same on both sides.
 */
final class TestHost implements AutoCloseable {
    final String ns;
    final String hostIp;
    final String ip;
    final String vethHost;

    private TestHost(int index) {
        long pid = ProcessHandle.current().pid();
        ns = "sfs-" + pid + "-" + index;
        vethHost = "sfsh" + pid % 100000 + "x" + index;
        long net = (pid * 4 + index) % (64 * 256);
        String prefix = "10.231." + (net / 64) + ".";
        hostIp = prefix + (net % 64 * 4 + 1);
        ip = prefix + (net % 64 * 4 + 2);
    }

    /** Creates host {@code index}, or returns null when namespaces cannot be made here (not root). */
    static TestHost create(int index) throws IOException, InterruptedException {
        TestHost h = new TestHost(index);
        if (sh("ip", "netns", "add", h.ns) != 0) {
            return null;
        }
        String vethNs = "sfsn" + h.vethHost.substring(4);
        boolean ok = sh("ip", "link", "add", h.vethHost, "type", "veth", "peer", "name", vethNs) == 0
                && sh("ip", "link", "set", vethNs, "netns", h.ns) == 0
                && sh("ip", "addr", "add", h.hostIp + "/30", "dev", h.vethHost) == 0
                && sh("ip", "link", "set", h.vethHost, "up") == 0
                && sh("ip", "netns", "exec", h.ns, "ip", "addr", "add", h.ip + "/30", "dev", vethNs) == 0
                && sh("ip", "netns", "exec", h.ns, "ip", "link", "set", vethNs, "up") == 0
                && sh("ip", "netns", "exec", h.ns, "ip", "link", "set", "lo", "up") == 0;
        if (!ok) {
            h.close();
            throw new IOException("cannot set up network namespace " + h.ns);
        }
        return h;
    }

    /**
     * Routes {@code address}, an address of this host outside the host's /30 (another host's link),
     * over the host's own link: a server bound there is reached through this host's veth.
     */
    void route(String address) throws IOException, InterruptedException {
        if (sh("ip", "netns", "exec", ns, "ip", "route", "add", address + "/32", "via", hostIp) != 0) {
            throw new IOException("cannot route " + address + " from network namespace " + ns);
        }
    }

    /** {@code ip netns exec NS cmd...} */
    List<String> exec(List<String> cmd) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        c.addAll(cmd);
        return c;
    }

    List<Long> pids() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ip", "netns", "pids", ns).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        List<Long> pids = new ArrayList<>();
        for (String s : text.split("\\s+")) {
            if (s.matches("\\d+")) {
                pids.add(Long.parseLong(s));
            }
        }
        return pids;
    }

    void killAll() throws IOException, InterruptedException {
        for (long pid : pids()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            killAll();
            sh("ip", "netns", "del", ns); // takes the veth pair with it (asynchronously)
            long until = System.currentTimeMillis() + 5000;
            while (Files.exists(Path.of("/sys/class/net", vethHost)) && System.currentTimeMillis() < until) {
                Thread.sleep(100);
            }
            if (Files.exists(Path.of("/sys/class/net", vethHost))) {
                sh("ip", "link", "del", vethHost);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while removing network namespace " + ns, e);
        }
    }

    static int sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
