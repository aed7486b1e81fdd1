package org.sfsbench.manager;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.sfsbench.agent.AgentServer;
import org.sfsbench.launch.LaunchInput;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.Secrets;

/**
 * Agents the manager starts itself: on this machine (a child JVM on loopback, any free port) or
 * on another host over ssh. Each gets this run's secret and TLS material on its standard input,
 * which stays open: when the manager exits, even killed, the pipe (and with it the ssh session)
 * closes and the agent stops its workers and exits.
 */
final class LaunchedAgents implements AutoCloseable {
    private static final Pattern READY = Pattern.compile(Pattern.quote(AgentServer.READY)
            + "(\\S+):(\\d+) \\((TLS|plain), ");
    private static final int KEPT_LINES = 20;

    /** An agent that is listening: where, and its process (local java, or the ssh client). */
    record Started(String host, int port, Process process) {
    }

    /** Agents of several hosts start at once (Clients): one list for every starting thread. */
    private final List<Process> processes = new CopyOnWriteArrayList<>();
    private final String secret = Secrets.generate();
    private final Path logDir;

    LaunchedAgents(Path logDir) {
        this.logDir = logDir;
    }

    String secret() {
        return secret;
    }

    /**
     * Starts {@code command} (which must run {@code sfs agent --launched}), hands it the secret and
     * {@code tlsPem} (null: plain), and waits until it listens. Its output goes to the console
     * log of client {@code clientNumber}.
     */
    Started start(List<String> command, String tlsPem, int clientNumber, String label, long waitMs)
            throws AgentException, IOException {
        Files.createDirectories(logDir);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove(Secrets.ENV); // the run's own secret arrives on stdin
        pb.redirectErrorStream(true);
        Process p = pb.start();
        processes.add(p);
        Path console = consoleLog(clientNumber);
        CompletableFuture<Matcher> ready = new CompletableFuture<>();
        Deque<String> lastLines = new ArrayDeque<>();
        Thread pump = new Thread(() -> pump(p, console, ready, lastLines), "agent-output-" + clientNumber);
        pump.setDaemon(true);
        pump.start();
        try {
            OutputStream stdin = p.getOutputStream();
            new LaunchInput(secret, tlsPem).write(stdin); // stdin stays open: its end stops the agent
        } catch (IOException e) {
            // the agent exited already; its output says why
        }
        try {
            Matcher m = ready.get(waitMs, TimeUnit.MILLISECONDS);
            return new Started(m.group(1), Integer.parseInt(m.group(2)), p);
        } catch (ExecutionException e) {
            throw new AgentException(label + ": " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new AgentException(label + ": the agent did not start listening within " + waitMs / 1000 + " s"
                    + lastOutput(lastLines) + " (console output: " + console + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException(label + ": interrupted while starting its agent");
        }
    }

    private static void pump(Process p, Path console, CompletableFuture<Matcher> ready, Deque<String> lastLines) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                OutputStream log = Files.newOutputStream(console, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            String line;
            while ((line = r.readLine()) != null) {
                log.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                log.flush();
                if (!ready.isDone()) {
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        ready.complete(m);
                    } else {
                        synchronized (lastLines) {
                            lastLines.addLast(line);
                            if (lastLines.size() > KEPT_LINES) {
                                lastLines.removeFirst();
                            }
                        }
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // the process is gone
        }
        if (!ready.isDone()) {
            int status = -1;
            try {
                status = p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ready.completeExceptionally(new IOException("its agent exited (status " + status + ") before listening"
                    + lastOutput(lastLines)));
        }
    }

    private static String lastOutput(Deque<String> lines) {
        synchronized (lines) {
            return lines.isEmpty() ? "" : ": " + String.join(" | ", lines);
        }
    }

    /** Where the console output of the agent of client {@code clientNumber} goes. */
    Path consoleLog(int clientNumber) {
        return logDir.resolve(String.format("agent%04d.out", clientNumber));
    }

    /**
     * Closes every agent's standard input (the signal to exit), waits for them, and kills those
     * that linger, with their workers.
     */
    @Override
    public void close() {
        for (Process p : processes) {
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                // already closed
            }
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    killAll(p);
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                killAll(p);
            }
        }
    }

    /** Immediate kill of agents and their workers (last resort on abnormal exit). */
    void killAll() {
        processes.forEach(LaunchedAgents::killAll);
    }

    private static void killAll(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
