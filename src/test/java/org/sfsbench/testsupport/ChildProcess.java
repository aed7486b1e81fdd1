package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process a test starts: its output (stdout + stderr) goes to a file the test can read while
 * it runs, and every wait has a time limit.
 */
public final class ChildProcess {
    /** How a process ended: exit -1 when it was killed at the time limit. */
    public record Result(int exit, String output, double seconds) {
        @Override
        public String toString() {
            return "exit " + exit + " after " + String.format("%.1f", seconds) + " s:\n" + output;
        }
    }

    private final Process process;
    private final Path output;
    private final long startNanos = System.nanoTime();

    private ChildProcess(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * Starts {@code cmd} with {@code env} added to this JVM's environment, output to {@code output}.
     * COLUMNS is passed only when {@code env} sets it: sfs breaks its messages at COLUMNS, and tests
     * read them whole whatever terminal the suite was started from.
     */
    public static ChildProcess start(List<String> cmd, Map<String, String> env, Path output) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(withDefaultSigint(cmd)).redirectErrorStream(true);
        pb.environment().remove("COLUMNS");
        pb.environment().putAll(env);
        pb.redirectOutput(output.toFile());
        return new ChildProcess(pb.start(), output);
    }

    /**
     * {@code cmd} with SIGINT back to its default action when this JVM ignores it (a suite started
     * in the background, as CI may: the ignored disposition is inherited, and a JVM that starts
     * with SIGINT ignored never handles it), so a test's SIGINT is Ctrl-C as in a terminal. The
     * same pid: perl (Debian's perl-base, always installed) execs the command.
     */
    static List<String> withDefaultSigint(List<String> cmd) throws IOException {
        if (!sigintIgnored()) {
            return cmd;
        }
        List<String> all = new ArrayList<>(List.of("perl", "-e",
                "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\\n\";"));
        all.addAll(cmd);
        return all;
    }

    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (2 - 1))) != 0;
            }
        }
        return false;
    }

    /** Starts {@code cmd} with its output in a temporary file. */
    public static ChildProcess start(List<String> cmd, Map<String, String> env) throws IOException {
        Path out = Files.createTempFile("sfs-child", ".out");
        out.toFile().deleteOnExit();
        return start(cmd, env, out);
    }

    /** Runs {@code cmd} to its end or the time limit. */
    public static Result run(List<String> cmd, Map<String, String> env, long time, TimeUnit unit)
            throws IOException, InterruptedException {
        return start(cmd, env).await(time, unit);
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    /** What the process printed so far. */
    public String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** Waits until the output contains {@code text}; false if the process ended or time ran out. */
    public boolean awaitOutput(String text, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            if (output().contains(text)) {
                return true;
            }
            if (!process.isAlive()) {
                return output().contains(text);
            }
            Thread.sleep(50);
        }
        return false;
    }

    /** Writes a line to the process's standard input. */
    public void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Waits; a process still running at the limit is killed (with its children) and reported with exit -1. */
    public Result await(long time, TimeUnit unit) throws InterruptedException {
        boolean done = process.waitFor(time, unit);
        if (!done) {
            kill();
        }
        return new Result(done ? process.exitValue() : -1, output(), (System.nanoTime() - startNanos) / 1e9);
    }

    /** Runs to completion and returns the exit status; a process still running at the limit fails the test. */
    public int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            kill();
            throw new AssertionError(process.info().command().orElse("process") + " did not finish within "
                    + seconds + " s; output:\n" + output());
        }
        return process.exitValue();
    }

    private void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
