package org.sfsbench.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.sfsbench.engine.Phase;
import org.sfsbench.launch.JavaProcess;
import org.sfsbench.link.Frame;
import org.sfsbench.link.WorkerLink;
import org.sfsbench.link.WorkerState;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.WorkerStatus;

/** The agent's end of one worker process: spawn, talk over a {@link WorkerLink}, reap. */
final class WorkerHandle implements AutoCloseable {
    private static final int HELLO_TIMEOUT_MS = 30_000;

    private final int index;
    private final String label;
    private final Process process;
    private final Socket socket;
    private final WorkerLink link;
    private volatile String deathCause;

    private WorkerHandle(int index, String label, Process process, Socket socket, WorkerLink link) {
        this.index = index;
        this.label = label;
        this.process = process;
        this.socket = socket;
        this.link = link;
    }

    /** Starts a worker JVM whose output is appended to {@code outputLog}, and waits for its HELLO. */
    static WorkerHandle spawn(int index, String label, Path outputLog) throws AgentException {
        // the agent's folder on the command line tells whose worker this is (ps, leftover checks)
        String owner = "-Dsfs.agent=" + outputLog.getParent();
        String token = Secrets.generate();
        try (ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listen.setSoTimeout(HELLO_TIMEOUT_MS);
            ProcessBuilder pb = new ProcessBuilder(JavaProcess.command(
                    List.of("-Xmx256m", "-XX:+UseSerialGC", "-Xss512k", owner),
                    List.of("worker", "--port", Integer.toString(listen.getLocalPort()))));
            pb.environment().remove(Secrets.ENV); // a worker needs no agent secret
            pb.environment().put(WorkerLink.TOKEN_ENV, token);
            pb.redirectErrorStream(true);
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(outputLog.toFile()));
            Process p = pb.start();
            while (true) {
                Socket s;
                try {
                    s = listen.accept();
                } catch (SocketTimeoutException e) {
                    p.destroyForcibly();
                    throw new AgentException(label + ": worker process did not start within "
                            + HELLO_TIMEOUT_MS / 1000 + " s (see the client log)");
                }
                s.setSoTimeout(HELLO_TIMEOUT_MS);
                WorkerLink link = new WorkerLink(s.getInputStream(), s.getOutputStream());
                if (link.receive() instanceof Frame.Hello h && h.token().equals(token)) {
                    s.setSoTimeout(0);
                    s.setTcpNoDelay(true);
                    return new WorkerHandle(index, label, p, s, link);
                }
                s.close(); // not our worker
            }
        } catch (IOException e) {
            throw new AgentException(label + ": cannot start worker process: " + e.getMessage());
        }
    }

    long pid() {
        return process.pid();
    }

    String label() {
        return label;
    }

    synchronized void open(String config) throws AgentException {
        try {
            expectOk(link.call(new Frame.Open(config)), "open");
        } catch (IOException e) {
            throw died("open", e);
        }
    }

    synchronized void start(Phase phase, double seconds, long atMs) throws AgentException {
        try {
            expectOk(link.call(new Frame.Start(phase, seconds, atMs)), "start of phase " + phase);
        } catch (IOException e) {
            throw died("start", e);
        }
    }

    synchronized void step(String changes) throws AgentException {
        try {
            expectOk(link.call(new Frame.Step(changes)), "step");
        } catch (IOException e) {
            throw died("step", e);
        }
    }

    synchronized WorkerStatus status() {
        if (deathCause != null) {
            return dead(deathCause);
        }
        try {
            Frame r = link.call(new Frame.StatusQuery());
            if (!(r instanceof Frame.StatusReport s)) {
                throw new IOException("unexpected reply " + r);
            }
            return new WorkerStatus(index, pid(), s.phase(), s.state(), s.error(), s.sample(), s.phaseStartEpochUs());
        } catch (IOException e) {
            return dead(died("status", e).getMessage());
        }
    }

    private WorkerStatus dead(String cause) {
        return new WorkerStatus(index, pid(), Phase.IDLE, WorkerState.DEAD, cause, null, 0);
    }

    synchronized void stop() {
        if (deathCause == null) {
            try {
                link.call(new Frame.Stop());
            } catch (IOException e) {
                died("stop", e);
            }
        }
    }

    synchronized Frame.ValidationReport validate(String config) throws AgentException {
        try {
            Frame r = link.call(new Frame.Validate(config));
            if (!(r instanceof Frame.ValidationReport v)) {
                throw new IOException("unexpected reply to Validate: " + r);
            }
            return v;
        } catch (IOException e) {
            throw died("validate", e);
        }
    }

    /** Asks the worker to close its engine and exit; kills it if it has not exited in time. */
    @Override
    public void close() {
        synchronized (this) {
            if (deathCause == null) {
                try {
                    socket.setSoTimeout(15_000);
                    link.call(new Frame.Close());
                } catch (IOException e) {
                    // fall through to the kill below
                }
            }
        }
        kill(10);
    }

    /** Kills the worker (and anything it started) if it is still there after {@code graceSeconds}. */
    void kill(int graceSeconds) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
        try {
            if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private void expectOk(Frame reply, String what) throws IOException, AgentException {
        if (reply instanceof Frame.Err e) {
            throw new AgentException(label + ": " + e.message());
        }
        if (!(reply instanceof Frame.Ok)) {
            throw new IOException("unexpected reply " + reply + " to " + what);
        }
    }

    /** Records why the worker is gone: its exit status or signal if it exited, else the I/O error. */
    private AgentException died(String during, IOException e) {
        if (deathCause == null) {
            String cause;
            try {
                if (process.waitFor(2, TimeUnit.SECONDS)) {
                    int code = process.exitValue();
                    cause = code > 128 ? "killed by signal " + (code - 128) + signalName(code - 128)
                            : "exited with status " + code;
                } else {
                    cause = "stopped answering (" + e.getMessage() + ")";
                }
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                cause = "interrupted";
            }
            deathCause = label + ": worker process " + process.pid() + " " + cause + " during " + during;
        }
        return new AgentException(deathCause);
    }

    private static String signalName(int sig) {
        return switch (sig) {
            case 9 -> " (SIGKILL)";
            case 11 -> " (SIGSEGV)";
            case 6 -> " (SIGABRT)";
            case 15 -> " (SIGTERM)";
            case 7 -> " (SIGBUS)";
            default -> "";
        };
    }
}
