package org.sfsbench.worker;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineException;

/**
 * A worker process: hosts one native engine and obeys its agent over a loopback socket
 * ({@link WorkerProtocol}). A native crash kills only this process; the agent sees the socket
 * close and reports which client and procs died.
 */
public final class WorkerMain {
    private final DataInputStream in;
    private final DataOutputStream out;
    private Engine engine;
    private volatile int phase;
    private volatile int state = WorkerProtocol.ST_IDLE;
    private volatile String failure = "";
    private Thread waiter;

    private WorkerMain(Socket s) throws IOException {
        in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
    }

    /** Entry point used by {@code sfs worker --port P}. */
    public static int run(int port) {
        String token = System.getenv(WorkerProtocol.TOKEN_ENV);
        if (token == null) {
            System.err.println("sfs worker: started without " + WorkerProtocol.TOKEN_ENV + "; workers are started by an agent");
            return 2;
        }
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setTcpNoDelay(true);
            WorkerMain w = new WorkerMain(s);
            w.out.writeInt(WorkerProtocol.HELLO);
            w.out.writeUTF(token);
            w.out.writeLong(ProcessHandle.current().pid());
            w.out.flush();
            w.serve();
            return 0;
        } catch (EOFException e) {
            // agent went away: nothing left to do
            return 0;
        } catch (IOException e) {
            System.err.println("sfs worker: lost agent connection: " + e.getMessage());
            return 3;
        }
    }

    private void serve() throws IOException {
        while (true) {
            int cmd = in.readInt();
            switch (cmd) {
                case WorkerProtocol.OPEN -> {
                    String config = readString();
                    reply(() -> engine = Engine.open(config));
                }
                case WorkerProtocol.START -> {
                    int ph = in.readInt();
                    double seconds = in.readDouble();
                    long atMs = in.readLong();
                    reply(() -> startAt(ph, seconds, atMs));
                }
                case WorkerProtocol.STEP -> {
                    String changes = readString();
                    reply(() -> {
                        if (engine == null) {
                            throw new EngineException("STEP before OPEN");
                        }
                        engine.step(changes);
                    });
                }
                case WorkerProtocol.STATUS -> status();
                case WorkerProtocol.STOP -> {
                    if (engine != null) {
                        engine.stop();
                    }
                    ok();
                }
                case WorkerProtocol.VALIDATE -> {
                    Engine.Validation v = Engine.validate(readString());
                    out.writeInt(WorkerProtocol.R_VALID);
                    out.writeInt(v.failures());
                    writeBytes(v.report());
                    out.flush();
                }
                case WorkerProtocol.CLOSE -> {
                    closeEngine();
                    ok();
                    return;
                }
                default -> throw new IOException("unknown worker command " + cmd);
            }
        }
    }

    private void startAt(int ph, double seconds, long atMs) {
        long delay = atMs - System.currentTimeMillis();
        if (delay > 0) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException("interrupted before phase start");
            }
        }
        Engine e = engine;
        if (e == null) {
            throw new EngineException("START before OPEN");
        }
        e.start(Engine.Phase.values()[ph], seconds);
        phase = ph;
        state = WorkerProtocol.ST_RUNNING;
        failure = "";
        if (waiter == null || !waiter.isAlive()) {
            waiter = new Thread(this::watch, "phase-watch");
            waiter.setDaemon(true);
            waiter.start();
        }
    }

    /** Follows the engine's phase state so STATUS never blocks. WARMUP runs on until RUN starts. */
    private void watch() {
        Engine e = engine;
        while (e != null && state == WorkerProtocol.ST_RUNNING) {
            Engine.State s = e.waitFor(200);
            if (s == Engine.State.DONE && phase != Engine.Phase.WARMUP.ordinal()) {
                state = WorkerProtocol.ST_DONE;
            } else if (s == Engine.State.DONE) {
                pause(100); // WARMUP past its duration keeps loading until RUN starts
            } else if (s == Engine.State.FAILED) {
                failure = e.error();
                state = WorkerProtocol.ST_FAILED;
            }
        }
    }

    private void status() throws IOException {
        Engine e = engine;
        long[] sample = e == null ? new long[0] : e.sample();
        out.writeInt(WorkerProtocol.R_STATUS);
        out.writeInt(phase);
        out.writeInt(state);
        out.writeUTF(failure);
        SparseWords.of(sample).write(out);
        out.flush();
    }

    private void closeEngine() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    private interface Action {
        void run();
    }

    private void reply(Action a) throws IOException {
        try {
            a.run();
            ok();
        } catch (EngineException | IllegalStateException e) {
            out.writeInt(WorkerProtocol.R_ERR);
            out.writeUTF(e.getMessage() == null ? e.toString() : e.getMessage());
            out.flush();
        }
    }

    private void ok() throws IOException {
        out.writeInt(WorkerProtocol.R_OK);
        out.flush();
    }

    private String readString() throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 24)) {
            throw new IOException("corrupt frame: string of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeBytes(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }
}
