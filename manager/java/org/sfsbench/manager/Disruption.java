package org.sfsbench.manager;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * DISRUPT: the user's command, run on the prime client DISRUPT_AT seconds into a load point's RUN
 * (a failover trigger, a server restart) through the shell, its output and exit status kept for
 * sfslog (docs/running.md "Outages"). It runs on a thread of its own, so that its instant does not
 * depend on the poll loop; {@link #finish} waits for it after RUN.
 */
final class Disruption {
    /** How long a command still running at the end of RUN is waited for before it is killed. */
    static final long FINISH_WAIT_MS = 30_000;

    private final String command;
    private final double atSeconds;
    private final Thread thread;
    private volatile Process process;
    private volatile long startedMs;
    private volatile String failure;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    private Disruption(String command, double atSeconds, long runAtMs) {
        this.command = command;
        this.atSeconds = atSeconds;
        long at = runAtMs + Math.round(atSeconds * 1000);
        this.thread = new Thread(() -> run(at), "sfs-disrupt");
        thread.setDaemon(true);
    }

    /** The command scheduled for the RUN that starts at {@code runAtMs} (epoch ms). */
    static Disruption schedule(String command, double atSeconds, long runAtMs) {
        Disruption d = new Disruption(command, atSeconds, runAtMs);
        d.thread.start();
        return d;
    }

    private void run(long atMs) {
        try {
            long wait = atMs - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            ProcessBuilder pb = new ProcessBuilder(shell(command));
            pb.redirectErrorStream(true);
            startedMs = System.currentTimeMillis();
            Process p = pb.start();
            process = p;
            p.getOutputStream().close();
            try (InputStream in = p.getInputStream()) {
                in.transferTo(output);
            }
        } catch (InterruptedException e) {
            failure = "not run: RUN ended first";
        } catch (IOException e) {
            failure = "could not be run: " + e.getMessage();
        }
    }

    private static List<String> shell(String command) {
        List<String> cmd = new ArrayList<>();
        if (System.getProperty("os.name", "").startsWith("Windows")) {
            cmd.add("cmd.exe");
            cmd.add("/c");
        } else {
            cmd.add("/bin/sh");
            cmd.add("-c");
        }
        cmd.add(command);
        return cmd;
    }

    /**
     * After RUN: waits for the command (killing it after {@link #FINISH_WAIT_MS}) and returns the
     * sfslog lines: when it ran, its exit status, then its output.
     */
    List<String> finish(long runAtMs) {
        try {
            thread.join(FINISH_WAIT_MS);
            Process p = process;
            String status;
            if (thread.isAlive()) {
                if (p != null) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                } else {
                    thread.interrupt();
                }
                thread.join(5000);
                status = p == null ? failure : "still running " + FINISH_WAIT_MS / 1000 + " s after RUN, killed";
            } else if (p == null) {
                status = failure;
            } else {
                status = "exit status " + p.waitFor();
            }
            List<String> lines = new ArrayList<>();
            String when = startedMs == 0 ? "" : String.format(java.util.Locale.ROOT, " at %.3f s into RUN",
                    (startedMs - runAtMs) / 1000.0);
            lines.add("DISRUPT (DISRUPT_AT=" + atSeconds + ")" + when + ": " + command + ": " + status);
            String text = output.toString(StandardCharsets.UTF_8);
            for (String l : text.split("\\R")) {
                if (!l.isEmpty()) {
                    lines.add("DISRUPT output: " + l);
                }
            }
            return lines;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of("DISRUPT: " + command + ": interrupted");
        }
    }
}
