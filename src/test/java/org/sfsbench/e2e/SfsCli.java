package org.sfsbench.e2e;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the packaged {@code sfs} (target/sfsbench.jar + target/lib) as a separate process, the
 * way a user does, with its output captured to a file.
 */
final class SfsCli {
    final Process process;
    final Path output;

    private SfsCli(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static Path home() {
        return Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath();
    }

    static Path buildDir() {
        return Path.of(System.getProperty("sfs.build.dir", home().resolve("target").toString()));
    }

    static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Dsfs.home=" + home());
        cmd.add("-cp");
        cmd.add(buildDir().resolve("sfsbench.jar") + File.pathSeparator + buildDir().resolve("lib") + File.separator + "*");
        cmd.add("org.sfsbench.cli.Main");
        cmd.addAll(List.of(args));
        return cmd;
    }

    static SfsCli start(Path output, Map<String, String> env, String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(args));
        pb.environment().putAll(env);
        pb.environment().put("CI", "true"); // plain progress lines
        pb.redirectErrorStream(true);
        pb.redirectOutput(output.toFile());
        return new SfsCli(pb.start(), output);
    }

    /** Runs to completion (bounded) and returns the exit status. */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("sfs did not finish within " + seconds + " s; output:\n" + text());
        }
        return process.exitValue();
    }

    String text() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** sfsbench processes (agents, workers) still alive on this machine whose command line contains {@code marker}. */
    static List<ProcessHandle> leftovers(String marker) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != self && p.isAlive())
                .filter(p -> p.info().commandLine().map(c -> c.contains("org.sfsbench.cli.Main") && c.contains(marker))
                        .orElse(false))
                .toList();
    }
}
