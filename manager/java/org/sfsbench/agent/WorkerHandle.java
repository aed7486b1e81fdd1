package org.sfsbench.agent;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.sfsbench.launch.JavaProcess;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.worker.SparseWords;
import org.sfsbench.worker.WorkerProtocol;

/** The agent's end of one worker process: spawn, talk {@link WorkerProtocol}, reap. */
final class WorkerHandle implements AutoCloseable {
    private static final int HELLO_TIMEOUT_MS = 30_000;

    private final int index;
    private final String label;
    private final Process process;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private volatile String deathCause;

    private WorkerHandle(int index, String label, Process process, Socket socket) throws IOException {
        this.index = index;
        this.label = label;
        this.process = process;
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
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
            pb.environment().put(WorkerProtocol.TOKEN_ENV, token);
            pb.redirectErrorStream(true);
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(outputLog.toFile()));
            Process p = pb.start();
            Socket s;
            while (true) {
                try {
                    s = listen.accept();
                } catch (SocketTimeoutException e) {
                    p.destroyForcibly();
                    throw new AgentException(label + ": worker process did not start within "
                            + HELLO_TIMEOUT_MS / 1000 + " s (see the client log)");
                }
                DataInputStream hin = new DataInputStream(s.getInputStream());
                s.setSoTimeout(HELLO_TIMEOUT_MS);
                if (hin.readInt() == WorkerProtocol.HELLO && hin.readUTF().equals(token)) {
                    hin.readLong();
                    break;
                }
                s.close(); // not our worker
            }
            s.setSoTimeout(0);
            s.setTcpNoDelay(true);
            return new WorkerHandle(index, label, p, s);
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
            out.writeInt(WorkerProtocol.OPEN);
            writeBytes(config);
            out.flush();
            expectOk("open");
        } catch (IOException e) {
            throw died("open", e);
        }
    }

    synchronized void start(int phase, double seconds, long atMs) throws AgentException {
        try {
            out.writeInt(WorkerProtocol.START);
            out.writeInt(phase);
            out.writeDouble(seconds);
            out.writeLong(atMs);
            out.flush();
            expectOk("start of phase " + phase);
        } catch (IOException e) {
            throw died("start", e);
        }
    }

    synchronized void step(String changes) throws AgentException {
        try {
            out.writeInt(WorkerProtocol.STEP);
            writeBytes(changes);
            out.flush();
            expectOk("step");
        } catch (IOException e) {
            throw died("step", e);
        }
    }

    synchronized WorkerStatus status() {
        if (deathCause != null) {
            return new WorkerStatus(index, pid(), 0, WorkerStatus.DEAD, deathCause, null);
        }
        try {
            out.writeInt(WorkerProtocol.STATUS);
            out.flush();
            int r = in.readInt();
            if (r != WorkerProtocol.R_STATUS) {
                throw new IOException("unexpected reply " + r);
            }
            int phase = in.readInt();
            int state = in.readInt();
            String error = in.readUTF();
            SparseWords sample = SparseWords.read(in);
            return new WorkerStatus(index, pid(), phase, state, error, sample);
        } catch (IOException e) {
            AgentException dead = died("status", e);
            return new WorkerStatus(index, pid(), 0, WorkerStatus.DEAD, dead.getMessage(), null);
        }
    }

    synchronized void stop() {
        if (deathCause == null) {
            try {
                out.writeInt(WorkerProtocol.STOP);
                out.flush();
                in.readInt();
            } catch (IOException e) {
                died("stop", e);
            }
        }
    }

    synchronized String[] validate(String config) throws AgentException {
        try {
            out.writeInt(WorkerProtocol.VALIDATE);
            writeBytes(config);
            out.flush();
            if (in.readInt() != WorkerProtocol.R_VALID) {
                throw new IOException("unexpected reply to VALIDATE");
            }
            int failures = in.readInt();
            byte[] b = new byte[in.readInt()];
            in.readFully(b);
            return new String[] {Integer.toString(failures), new String(b, StandardCharsets.UTF_8)};
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
                    out.writeInt(WorkerProtocol.CLOSE);
                    out.flush();
                    in.readInt();
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

    private void expectOk(String what) throws IOException, AgentException {
        int r = in.readInt();
        if (r == WorkerProtocol.R_ERR) {
            throw new AgentException(label + ": " + in.readUTF());
        }
        if (r != WorkerProtocol.R_OK) {
            throw new IOException("unexpected reply " + r + " to " + what);
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

    private void writeBytes(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }
}
