package org.sfsbench.manager;

import java.rmi.ServerException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentService;

/**
 * Clean-up calls to every agent at once (abort, finish a point, collect the log), each bounded
 * in time: a hung client host accepts connections but never answers, and a call to it would
 * otherwise block for the full RMI read timeout, once per call, before the run can end.
 */
final class AgentCalls {
    /** How long clean-up waits for all agents together. */
    static final long CLEANUP_WAIT_MS = 10_000;

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "agent-cleanup-call");
        t.setDaemon(true); // a call stuck on a hung host must not keep the manager alive
        return t;
    });

    interface Call<T> {
        T on(AgentService agent) throws Exception;
    }

    /** What one agent answered: its value, or why there is none. */
    record Answer<T>(T value, String failure) {
    }

    private AgentCalls() {
    }

    /**
     * Calls {@code call} on every client in parallel and waits at most {@code waitMs} for all.
     * Clients already known to be gone are skipped; those that fail or time out now are marked.
     */
    static <T> List<Answer<T>> all(List<ClientSession> clients, long waitMs, Call<T> call) {
        List<Future<T>> calls = new ArrayList<>();
        for (ClientSession c : clients) {
            calls.add(c.gone() ? null : POOL.submit(() -> call.on(c.agent())));
        }
        long deadline = System.currentTimeMillis() + waitMs;
        List<Answer<T>> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            Future<T> f = calls.get(i);
            if (f == null) {
                out.add(new Answer<>(null, "its agent stopped answering earlier"));
                continue;
            }
            try {
                out.add(new Answer<>(f.get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS),
                        null));
            } catch (ExecutionException e) {
                if (!answered(e.getCause())) {
                    clients.get(i).markGone();
                }
                out.add(new Answer<>(null, AgentClient.rootMessage(e.getCause())));
            } catch (TimeoutException e) {
                clients.get(i).markGone();
                f.cancel(true);
                out.add(new Answer<>(null, "no answer within " + waitMs / 1000 + " s"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                f.cancel(true);
                out.add(new Answer<>(null, "interrupted"));
            }
        }
        return out;
    }

    /** An exception the agent itself threw (it is alive), as opposed to a failed connection. */
    static boolean answered(Throwable t) {
        return t instanceof AgentException || t instanceof ServerException;
    }
}
