package org.sfsbench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The project's loopback test servers (src/test/servers/*.sh): start, stop, and the variables
 * their env files publish.
 */
final class TestServers {
    private TestServers() {
    }

    static Path script(String name) {
        return SfsCli.home().resolve("src/test/servers").resolve(name);
    }

    static void run(String script, String action) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", script(script).toString(), action).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(script + " " + action + " did not finish within 120 s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(script + " " + action + " failed with status " + p.exitValue());
        }
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
}
