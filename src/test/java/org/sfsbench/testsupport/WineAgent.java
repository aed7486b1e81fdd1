package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.sfsbench.rmi.Secrets;

/**
 * An agent on a Windows JVM under Wine, started by hand ({@code AGENT_START=manual}) as on a Windows
 * host. It listens on an address of its own on {@code lo}, so a Linux manager treats it as another
 * host and only logs in; its workers are Windows JVMs that load the Windows engine. Closing it ends
 * the agent, its workers and the address.
 */
public final class WineAgent implements AutoCloseable {
    private final Path dir;
    private final String ip;
    private final int port;
    private final Process process;

    private WineAgent(Path dir, String ip, int port, Process process) {
        this.dir = dir;
        this.ip = ip;
        this.port = port;
        this.process = process;
    }

    /** Starts the agent with {@code secret}, its files in {@code dir}; returns once it listens. */
    public static WineAgent start(Path dir, String secret) throws Exception {
        WindowsJava.require();
        long pid = ProcessHandle.current().pid();
        String ip = "198.18." + (pid / 250 % 250 + 1) + "." + (pid % 250 + 1);
        Require.that(sh("ip", "addr", "add", ip + "/32", "dev", "lo") == 0,
                "ip addr add " + ip + "/32 dev lo not permitted (needs root / CAP_NET_ADMIN)");
        int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
        // a secret file on the Windows side: no POSIX mode there, Secrets checks its ACL instead
        Path secretFile = dir.resolve("agent.secret");
        Files.writeString(secretFile, secret + "\n");
        List<String> cmd = new ArrayList<>(WindowsJava.command("agent", "--bind", ip, "--port", Integer.toString(port),
                "--tls", "off", "--secret-file", WindowsJava.windowsPath(secretFile),
                "--work-dir", WindowsJava.windowsPath(dir.resolve("agentwork"))));
        Path out = dir.resolve("agent.out");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().putAll(WindowsJava.env());
        pb.environment().remove(Secrets.ENV);
        WineAgent agent = new WineAgent(dir, ip, port, pb.start());
        try {
            agent.waitForListening(out);
        } catch (Exception | AssertionError e) {
            agent.close();
            throw e;
        }
        return agent;
    }

    public String ip() {
        return ip;
    }

    public int port() {
        return port;
    }

    /** What the agent printed. */
    public String output() throws Exception {
        Path out = dir.resolve("agent.out");
        return Files.exists(out) ? Files.readString(out) : "";
    }

    /** Kills the agent's JVM at once, as a crash or a power cut would; {@link #close} still cleans up. */
    public void kill() {
        process.destroyForcibly();
    }

    private void waitForListening(Path out) throws Exception {
        String line = "listening on " + ip + ":" + port;
        long until = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < until) {
            String text = Files.exists(out) ? Files.readString(out) : "";
            if (text.contains(line)) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError("the Windows agent exited (" + process.exitValue() + "): " + text);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the Windows agent did not listen within 60 s: " + Files.readString(out));
    }

    @Override
    public void close() throws IOException {
        try {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            // the agent's workers are Wine processes too: none may outlive the test
            Sfs.leftovers(WindowsJava.windowsPath(dir.resolve("agentwork"))).forEach(ProcessHandle::destroyForcibly);
            sh("ip", "addr", "del", ip + "/32", "dev", "lo");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the Windows agent", e);
        }
    }

    private static int sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
