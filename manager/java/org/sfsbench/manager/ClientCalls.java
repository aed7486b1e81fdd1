package org.sfsbench.manager;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

import org.sfsbench.engine.Phase;
import org.sfsbench.link.WallClock;
import org.sfsbench.link.WorkerState;
import org.sfsbench.rc.DebugFlag;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.Timestamps;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentStatus;
import org.sfsbench.rmi.WorkerStatus;

/**
 * The run's calls to every client's agent, made in parallel and awaited in client order: the
 * first agent that fails, is gone or does not answer in time ends the run (every client is told
 * to abort, and the cause is what the run reports). An outside abort (Ctrl-C) is kept here too,
 * so that it, not the failures it causes, is the cause reported.
 */
final class ClientCalls {

    /** Longest wait for an agent's answer to a status call. */
    private static final long STATUS_WAIT_MS = 30_000;
    /** How many of the latest status rounds {@link #leadMs} looks at. */
    private static final int RECENT_POLLS = 8;
    /** Status round trips that give a client's first offset, before its first phase instant. */
    private static final int PROBES = 4;

    private final RunConfig rc;
    private final BiConsumer<DebugFlag, String> debug;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "manager-call");
        t.setDaemon(true);
        return t;
    });
    private volatile String abortReason;
    private List<ClientSession> clients = List.of();
    /** Round-trip times (ms) of the latest status rounds, oldest first. */
    private final ArrayDeque<Long> recentPollMs = new ArrayDeque<>();
    private final ClientClocks clocks = new ClientClocks();
    private final ResultSink sink;
    private final Progress progress;
    /** Every status round of the current load point. */
    private final PollTimes pollTimes = new PollTimes();

    /** {@code sink} and {@code progress} are where a client's clock step is stated (sfslog, console). */
    ClientCalls(RunConfig rc, BiConsumer<DebugFlag, String> debug, ResultSink sink, Progress progress) {
        this.rc = rc;
        this.debug = debug;
        this.sink = sink;
        this.progress = progress;
    }

    void clients(List<ClientSession> sessions) {
        this.clients = sessions;
        clocks.clients(sessions.size());
    }

    /** Every client's clock offset, phase starts and stragglers. */
    ClientClocks clocks() {
        return clocks;
    }

    /** One call to one agent, on the pool; its outcome is read by {@link #await}. */
    <T> Future<T> submit(Callable<T> call) {
        return pool.submit(call);
    }

    /** Ctrl-C or another outside reason: the current phase ends, results so far are kept. */
    void requestAbort(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
    }

    /** How long one status call may take: PRIME_TIMEOUT, else {@link #STATUS_WAIT_MS}. */
    private long statusWaitMs() {
        return rc.primeTimeout() > 0 ? rc.primeTimeout() * 1000L : STATUS_WAIT_MS;
    }

    /**
     * Starts {@code phase} on every client at manager-clock instant {@code atMs}, sent in each
     * client's own clock (CLOCK_SYNC=on) or as it is (off).
     */
    void startAll(Phase phase, double seconds, long atMs) throws RunAbortedException {
        List<Future<?>> calls = new ArrayList<>();
        clocks.expect(phase, atMs);
        for (int i = 0; i < clients.size(); i++) {
            ClientSession c = clients.get(i);
            int client = i;
            calls.add(pool.submit(() -> {
                if (!clocks.measured(client)) {
                    for (int k = 0; k < PROBES; k++) {
                        status(client, c); // a run's first phase: the offset is measured before its instant
                    }
                }
                long clientAt = rc.clockSync() ? clocks.toClient(client, atMs) : atMs;
                debug.accept(DebugFlag.DEBUG_PARENT_SIGNAL, c.label() + ": start phase " + phase + " (" + seconds
                        + " s) at " + Timestamps.of(java.time.Instant.ofEpochMilli(atMs)) + ", in "
                        + (atMs - System.currentTimeMillis()) + " ms; " + clocks.describe(client) + ", sent as "
                        + Timestamps.of(java.time.Instant.ofEpochMilli(clientAt)));
                c.agent().startPhase(phase, seconds, clientAt);
                return null;
            }));
        }
        await(calls, "starting a phase", 60_000 + Math.max(0, atMs - System.currentTimeMillis()));
    }

    /** Sends one step's engine changes to every client (between phases). */
    void stepAll(int index, String changes) throws RunAbortedException {
        List<Future<?>> calls = new ArrayList<>();
        for (ClientSession c : clients) {
            calls.add(pool.submit(() -> {
                c.agent().step(index, changes);
                return null;
            }));
        }
        await(calls, "changing to the next step", 60_000);
    }

    /** One status call per agent, in parallel; a dead agent or worker ends the run. */
    List<List<WorkerStatus>> pollAll() throws RunAbortedException {
        long sent = System.nanoTime();
        clocks.newRound();
        List<Future<List<WorkerStatus>>> calls = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            ClientSession c = clients.get(i);
            int client = i;
            calls.add(pool.submit(() -> status(client, c)));
        }
        List<List<WorkerStatus>> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            ClientSession c = clients.get(i);
            List<WorkerStatus> ws;
            try {
                ws = calls.get(i).get(statusWaitMs(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                c.markGone();
                throw fail("the agent of " + c.label() + " at " + c.host() + ":" + c.port() + " is gone: "
                        + AgentClient.rootMessage(e.getCause()));
            } catch (TimeoutException e) {
                c.markGone();
                throw fail("the agent of " + c.label() + " at " + c.host() + ":" + c.port()
                        + " did not answer within " + statusWaitMs() / 1000 + " s"
                        + (rc.primeTimeout() > 0 ? " (PRIME_TIMEOUT)" : ""));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw fail("interrupted");
            }
            for (WorkerStatus w : ws) {
                if (w.state() == WorkerState.DEAD) {
                    throw fail(w.error());
                }
                if (w.state() == WorkerState.FAILED) {
                    throw fail(c.label() + " worker " + (w.worker() + 1) + " (pid " + w.pid() + "): " + w.error());
                }
            }
            out.add(ws);
        }
        long roundMs = (System.nanoTime() - sent) / 1_000_000;
        pollTimes.add(roundMs);
        recentPollMs.addLast(roundMs);
        if (recentPollMs.size() > RECENT_POLLS) {
            recentPollMs.removeFirst();
        }
        return out;
    }

    /** One status round trip to client {@code i}: its offset and stragglers are noted, a clock step or a late answer stated. */
    private List<WorkerStatus> status(int i, ClientSession c) throws java.rmi.RemoteException {
        long sentUs = WallClock.epochMicros();
        AgentStatus s = c.agent().status();
        for (String notice : clocks.answer(i, c.label(), sentUs, WallClock.epochMicros(), s)) {
            sink.log(notice);
            progress.println("     " + notice);
        }
        return s.workers();
    }

    /** The status rounds since the last call, as an sfslog line. */
    String takePollSummary() {
        return pollTimes.takeSummary(clients.size());
    }

    /**
     * A phase start's lead, so every client has the command before the shared instant: {@code minMs}
     * plus twice the slowest of the latest status rounds (a round carries a call to every agent,
     * their workers' answers and the reply; a start goes one way), at most {@code maxMs}, which is
     * also the lead before any round was measured.
     */
    long leadMs(long minMs, long maxMs) {
        long slowest = recentPollMs.stream().mapToLong(Long::longValue).max().orElse(maxMs);
        return Math.min(maxMs, minMs + 2 * slowest);
    }

    void await(List<? extends Future<?>> calls, String what, long timeoutMs) throws RunAbortedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        for (int i = 0; i < calls.size(); i++) {
            ClientSession c = clients.get(i);
            try {
                calls.get(i).get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof AgentException) {
                    throw fail(cause.getMessage());
                }
                if (!AgentCalls.answered(cause)) {
                    c.markGone();
                }
                throw fail("the agent of " + c.label() + " failed while " + what + ": " + AgentClient.rootMessage(cause));
            } catch (TimeoutException e) {
                c.markGone();
                throw fail(c.label() + " did not finish " + what + " within " + timeoutMs / 1000 + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw fail("interrupted");
            }
        }
    }

    /** Stops load on every client (best effort) and returns the exception to throw. */
    RunAbortedException fail(String reason) {
        String why = abortReason != null ? abortReason : reason;
        debug.accept(DebugFlag.DEBUG_PARENT_SIGNAL, "abort sent to every client: " + why);
        AgentCalls.all(clients, AgentCalls.CLEANUP_WAIT_MS, a -> {
            a.abort(why);
            return null;
        });
        return new RunAbortedException(why);
    }

    void checkAbort() throws RunAbortedException {
        if (abortReason != null) {
            throw fail(abortReason);
        }
    }
}
