package org.sfsbench.nfs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command with a time limit and collects its output (stdout + stderr). */
final class Proc {
    static final class Result {
        final int exit;
        final String output;
        final double seconds;

        Result(int exit, String output, double seconds) {
            this.exit = exit;
            this.output = output;
            this.seconds = seconds;
        }

        @Override
        public String toString() {
            return "exit " + exit + " after " + String.format("%.1f", seconds) + " s:\n" + output;
        }
    }

    private final Process process;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Thread pump;
    private final long startNanos = System.nanoTime();

    private Proc(List<String> cmd, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        process = pb.start();
        pump = new Thread(() -> copy(process.getInputStream()), "proc-output");
        pump.setDaemon(true);
        pump.start();
    }

    private void copy(InputStream in) {
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                synchronized (out) {
                    out.write(buf, 0, n);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Proc start(List<String> cmd, Map<String, String> env) throws IOException {
        return new Proc(cmd, env);
    }

    /** What the process printed so far. */
    String output() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    /** Waits until the output contains {@code text}; false if the process ended or time ran out. */
    boolean awaitOutput(String text, long millis) throws InterruptedException {
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
    void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    long pid() {
        return process.pid();
    }

    /** Waits; a process still running at the limit is killed and reported with exit -1. */
    Result await(long time, TimeUnit unit) throws InterruptedException {
        boolean done = process.waitFor(time, unit);
        if (!done) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        pump.join(5000);
        String text;
        synchronized (out) {
            text = out.toString(StandardCharsets.UTF_8);
        }
        return new Result(done ? process.exitValue() : -1, text,
                (System.nanoTime() - startNanos) / 1e9);
    }

    static Result run(List<String> cmd, Map<String, String> env, long time, TimeUnit unit)
            throws IOException, InterruptedException {
        return start(cmd, env).await(time, unit);
    }
}
