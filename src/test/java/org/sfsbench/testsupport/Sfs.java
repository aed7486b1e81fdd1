package org.sfsbench.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The packaged {@code sfs} (target/sfsbench.jar + target/lib) run as a separate process, the way
 * a user runs it, and the project folders tests need.
 */
public final class Sfs {
    private Sfs() {
    }

    /** The project checkout (surefire and failsafe set sfs.home). */
    public static Path home() {
        return Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath();
    }

    public static Path buildDir() {
        return Path.of(System.getProperty("sfs.build.dir", home().resolve("target").toString()));
    }

    /** {@code java ... org.sfsbench.cli.Main args...} on the packaged jar. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Dsfs.home=" + home());
        cmd.add("-cp");
        cmd.add(buildDir().resolve("sfsbench.jar") + File.pathSeparator + buildDir().resolve("lib") + File.separator + "*");
        cmd.add("org.sfsbench.cli.Main");
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts {@code sfs args...} with plain progress lines, its output to {@code output}. */
    public static ChildProcess start(Path output, Map<String, String> env, String... args) throws IOException {
        Map<String, String> all = new HashMap<>(env);
        all.put("CI", "true");
        return ChildProcess.start(command(args), all, output);
    }

    /** sfsbench processes (agents, workers) still alive on this machine whose command line contains {@code marker}. */
    public static List<ProcessHandle> leftovers(String marker) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != self && p.isAlive())
                .filter(p -> p.info().commandLine().map(c -> c.contains("org.sfsbench.cli.Main") && c.contains(marker))
                        .orElse(false))
                .toList();
    }
}
