package org.sfsbench.testsupport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One instance of a loopback test server of src/test/servers/: the script's start/stop/status
 * with the instance's settings in its environment, and the variables its env file publishes.
 */
final class ServerScript {
    private final String name;
    private final Map<String, String> settings;
    private final long limitSeconds;

    ServerScript(String name, Map<String, String> settings, long limitSeconds) {
        this.name = name;
        this.settings = Map.copyOf(settings);
        this.limitSeconds = limitSeconds;
    }

    /** Runs {@code name verb}; the exit status and output of a run that did not finish in time say so. */
    ChildProcess.Result run(String verb) throws IOException, InterruptedException {
        Path script = Sfs.home().resolve("src/test/servers").resolve(name);
        return ChildProcess.run(List.of("bash", script.toString(), verb), settings, limitSeconds, TimeUnit.SECONDS);
    }

    /** Runs {@code name verb} and fails with the script's output unless it succeeded. */
    void require(String verb) throws IOException, InterruptedException {
        ChildProcess.Result r = run(verb);
        if (r.exit() != 0) {
            throw new IOException(name + " " + verb + " failed, " + r);
        }
    }

    /** Starts the instance (a running one is kept) and returns the variables of its env file in {@code dir}. */
    Map<String, String> start(Path dir) throws IOException, InterruptedException {
        require("start");
        return env(dir.resolve("env"));
    }

    /** Reads a shell env file of {@code NAME=value} / {@code NAME='value'} lines. */
    static Map<String, String> env(Path file) throws IOException {
        Map<String, String> m = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq <= 0 || line.startsWith("#")) {
                continue;
            }
            String v = line.substring(eq + 1).trim();
            if (v.length() >= 2 && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
                v = v.substring(1, v.length() - 1);
            }
            m.put(line.substring(0, eq).trim().replaceFirst("^export\\s+", ""), v);
        }
        return m;
    }

    static int freeLoopbackPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
