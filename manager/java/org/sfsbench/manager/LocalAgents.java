package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.sfsbench.launch.JavaProcess;
import org.sfsbench.rmi.Secrets;

/**
 * Agents the manager starts on this machine: one process per CLIENTS entry that names this
 * host, on distinct ports, each told to exit when the manager does.
 */
public final class LocalAgents implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();
    private final String secret = Secrets.generate();
    private final Path logDir;

    public LocalAgents(Path logDir) {
        this.logDir = logDir;
    }

    public String secret() {
        return secret;
    }

    /** Starts an agent bound to {@code bind}:{@code port}; its console output goes to logDir. */
    public Process start(String bind, int port, int clientNumber) throws IOException {
        Files.createDirectories(logDir);
        Path work = logDir.resolve(String.format("client%04d", clientNumber));
        ProcessBuilder pb = new ProcessBuilder(JavaProcess.command(List.of("-Xmx256m", "-XX:+UseSerialGC"),
                List.of("agent", "--bind", bind, "--port", Integer.toString(port), "--work-dir", work.toString(),
                        "--parent-pid", Long.toString(ProcessHandle.current().pid()))));
        pb.environment().put(Secrets.ENV, secret);
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(consoleLog(clientNumber).toFile()));
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    /** Where the console output of the agent of client {@code clientNumber} goes. */
    public Path consoleLog(int clientNumber) {
        return logDir.resolve(String.format("agent%04d.out", clientNumber));
    }

    /** Waits for the agents to exit after shutdown(); kills any that linger, and their workers. */
    @Override
    public void close() {
        for (Process p : processes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /** Immediate kill of agents and their workers (last resort on abnormal exit). */
    public void killAll() {
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
