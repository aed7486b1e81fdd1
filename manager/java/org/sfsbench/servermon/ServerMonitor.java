package org.sfsbench.servermon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * SERVER_MON: a collector process printing {@link SampleLine}s once a second (ours over ssh or on
 * this host, or the user's command), read on a thread of its own. Samples are stamped with the
 * prime's clock on arrival, so they line up with the clients' intervals whatever the server's
 * clock says. When the collector ends or prints nonsense the run goes on; the figures after
 * that are missing, with the cause.
 */
public final class ServerMonitor implements AutoCloseable {
    /** A sample with the prime's time of arrival. */
    record Arrived(long atMs, ServerSample sample) {
    }

    private final String description;
    private final Process process;
    private final Path errors;
    private final Path samplesFile;
    private final Consumer<ServerSample> onSample;
    private final Consumer<String> onEnd;
    private final List<Arrived> samples = new ArrayList<>();
    private volatile String ended;
    private volatile boolean closing;

    /**
     * @param command the collector's command line
     * @param samplesFile where the sample lines are kept, as they came
     * @param errors where its standard error goes
     * @param onSample every sample, as it arrives
     * @param onEnd called once with the cause when samples stop before {@link #close}
     */
    public ServerMonitor(String description, List<String> command, Path samplesFile, Path errors,
            Consumer<ServerSample> onSample, Consumer<String> onEnd) throws IOException {
        this.description = description;
        this.samplesFile = samplesFile;
        this.errors = errors;
        this.onSample = onSample;
        this.onEnd = onEnd;
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectError(ProcessBuilder.Redirect.appendTo(errors.toFile()));
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        this.process = pb.start();
        Thread t = new Thread(this::read, "server-monitor");
        t.setDaemon(true);
        t.start();
    }

    public String description() {
        return description;
    }

    /** The collector's pid (tests kill it to see the run go on). */
    public long pid() {
        return process.pid();
    }

    private void read() {
        String cause;
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
                java.io.Writer kept = Files.newBufferedWriter(samplesFile, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                n++;
                kept.write(line);
                kept.write('\n');
                kept.flush();
                ServerSample s = SampleLine.parse(line);
                if (s != null) {
                    synchronized (this) {
                        samples.add(new Arrived(System.currentTimeMillis(), s));
                        notifyAll();
                    }
                    onSample.accept(s);
                }
            }
            cause = "the server monitor " + description + " ended" + exitText() + lastError();
        } catch (IllegalArgumentException e) {
            cause = "the server monitor " + description + " printed a bad line " + n + ": " + e.getMessage();
            process.destroy();
        } catch (IOException e) {
            cause = "reading the server monitor " + description + ": " + e.getMessage();
        }
        if (!closing) {
            ended = cause;
            onEnd.accept(cause);
        }
    }

    private String exitText() {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                int v = process.exitValue();
                // Java gives a child killed by signal N as 128 + N; signals end at 64, so 255 (ssh's own
                // failure: connection or login) is an exit status
                return v > 128 && v <= 128 + 64 ? " (killed by signal " + (v - 128) + ")" : " (exit status " + v + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    private String lastError() {
        try {
            List<String> l = Files.readAllLines(errors, StandardCharsets.UTF_8);
            return l.isEmpty() ? "" : ": " + l.get(l.size() - 1);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Waits until the first sample arrived or the collector ended, at most {@code ms}.
     *
     * @return true when a sample is there
     */
    public synchronized boolean awaitFirstSample(long ms) throws InterruptedException {
        long until = System.currentTimeMillis() + ms;
        while (samples.isEmpty() && ended == null && System.currentTimeMillis() < until) {
            wait(Math.max(1, Math.min(200, until - System.currentTimeMillis())));
        }
        return !samples.isEmpty();
    }

    /** Why samples stopped, or null while they arrive. */
    public String ended() {
        return ended;
    }

    /**
     * The last samples at or before {@code fromMs} and {@code toMs} (arrival time, half a second of
     * slack for the collector's tick), or why there are none.
     */
    public synchronized Window window(long fromMs, long toMs) {
        Arrived a = null;
        Arrived b = null;
        for (Arrived s : samples) {
            if (s.atMs() <= fromMs + 500) {
                a = s;
            }
            if (s.atMs() <= toMs + 500) {
                b = s;
            }
        }
        String end = ended;
        if (end != null && (b == null || b.atMs() < toMs - 1500)) {
            return new Window(null, null, end);
        }
        if (a == null || b == null || a == b) {
            return new Window(null, null, "no server samples " + (a == null ? "before" : "during")
                    + " the RUN window from " + description);
        }
        return new Window(a.sample(), b.sample(), null);
    }

    /** First and last sample of a window, or the reason there are none. */
    public record Window(ServerSample first, ServerSample last, String missing) {
    }

    /** Ends the collector (and what it started). */
    @Override
    public void close() {
        closing = true;
        List<ProcessHandle> kids = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kids.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
