package org.sfsbench.worker;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineException;
import org.sfsbench.engine.Phase;
import org.sfsbench.link.Frame;
import org.sfsbench.link.SparseWords;
import org.sfsbench.link.WallClock;
import org.sfsbench.link.WorkerLink;
import org.sfsbench.link.WorkerState;

/**
 * A worker process: hosts one native engine and obeys its agent over a loopback socket
 * ({@link WorkerLink}). A native crash kills only this process; the agent sees the socket
 * close and reports which client and procs died.
 */
public final class WorkerMain {
    private final WorkerLink link;
    private volatile Engine engine;
    private volatile Phase phase = Phase.IDLE;
    private volatile WorkerState state = WorkerState.IDLE;
    private volatile String failure = "";
    private volatile long phaseStartEpochUs;
    private volatile boolean closing;
    private Thread waiter;

    private WorkerMain(WorkerLink link) {
        this.link = link;
    }

    /** Entry point used by {@code sfs worker --port P}. */
    public static int run(int port) {
        String token = System.getenv(WorkerLink.TOKEN_ENV);
        if (token == null) {
            System.err.println("sfs worker: started without " + WorkerLink.TOKEN_ENV + "; workers are started by an agent");
            return 2;
        }
        // the client log shows which JVM and which engine build each worker ran (Linux or Windows)
        System.out.println("sfs worker: pid " + ProcessHandle.current().pid() + ", "
                + ProcessHandle.current().info().command().orElse(System.getProperty("java.home")) + " on "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", engine "
                + com.sun.jna.Platform.RESOURCE_PREFIX + "/" + System.mapLibraryName("sfsengine"));
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setTcpNoDelay(true);
            WorkerMain w = new WorkerMain(new WorkerLink(s.getInputStream(), s.getOutputStream()));
            w.link.send(new Frame.Hello(token, ProcessHandle.current().pid()));
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
            Frame f = link.receive();
            if (f instanceof Frame.Open o) {
                reply(() -> engine = Engine.open(o.config()));
            } else if (f instanceof Frame.Start s) {
                reply(() -> startAt(s.phase(), s.seconds(), s.atEpochMs()));
            } else if (f instanceof Frame.Step s) {
                reply(() -> {
                    if (engine == null) {
                        throw new EngineException("STEP before OPEN");
                    }
                    engine.step(s.changes());
                });
            } else if (f instanceof Frame.StatusQuery) {
                Engine e = engine;
                long[] sample = e == null ? new long[0] : e.sample();
                link.send(new Frame.StatusReport(phase, state, failure, SparseWords.of(sample), phaseStartEpochUs));
            } else if (f instanceof Frame.Stop) {
                if (engine != null) {
                    engine.stop();
                }
                link.send(new Frame.Ok());
            } else if (f instanceof Frame.Validate v) {
                Engine.Validation r = Engine.validate(v.config());
                link.send(new Frame.ValidationReport(r.failures(), r.report()));
            } else if (f instanceof Frame.Close) {
                closeEngine();
                link.send(new Frame.Ok());
                return;
            } else {
                throw new IOException("a worker does not take " + f.getClass().getSimpleName() + " frames");
            }
        }
    }

    private void startAt(Phase ph, double seconds, long atMs) {
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
        long startedUs = WallClock.epochMicros();
        e.start(ph, seconds);
        phaseStartEpochUs = startedUs;
        phase = ph;
        state = WorkerState.RUNNING;
        failure = "";
        if (waiter == null || !waiter.isAlive()) {
            waiter = new Thread(this::watch, "phase-watch");
            waiter.setDaemon(true);
            waiter.start();
        }
    }

    /** Follows the engine's phase state so a status query never blocks. WARMUP runs on until RUN starts. */
    private void watch() {
        Engine e = engine;
        while (e != null && state == WorkerState.RUNNING && !closing) {
            Engine.State s = e.waitFor(200);
            if (s == Engine.State.DONE && phase != Phase.WARMUP) {
                state = WorkerState.DONE;
            } else if (s == Engine.State.DONE) {
                pause(100); // WARMUP past its duration keeps loading until RUN starts
            } else if (s == Engine.State.FAILED) {
                failure = e.error();
                state = WorkerState.FAILED;
            }
        }
    }

    /** Stops the engine, ends the phase watcher (it calls into the engine), then frees the engine. */
    private void closeEngine() {
        Engine e = engine;
        if (e == null) {
            return;
        }
        closing = true;
        e.stop();
        Thread w = waiter;
        if (w != null) {
            try {
                w.join();
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
        e.close();
        engine = null;
    }

    private interface Action {
        void run();
    }

    private void reply(Action a) throws IOException {
        Frame r;
        try {
            a.run();
            r = new Frame.Ok();
        } catch (EngineException | IllegalStateException e) {
            r = new Frame.Err(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        link.send(r);
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
