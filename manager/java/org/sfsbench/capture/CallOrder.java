package org.sfsbench.capture;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Ops are known at their reply but belong at their call's place: each client's calls wait in
 * call order until answered, and leave in that order. A call unanswered {@value #REPLY_WAIT_S} s
 * of capture time later (or at the end) leaves without its reply (status "*"). Memory is the
 * calls in flight, not the capture.
 */
public final class CallOrder<C> {
    static final double REPLY_WAIT_S = 60;

    /** A call waiting for its reply; {@code op} is set once answered. */
    private final class Slot {
        final C call;
        final double time;
        CapturedOp op;

        Slot(C call, double time) {
            this.call = call;
            this.time = time;
        }
    }

    private final Map<String, ArrayDeque<Slot>> clients = new HashMap<>();
    private final Map<String, Slot> pending = new HashMap<>();
    private final Function<C, CapturedOp> unanswered;
    private final OpSink sink;
    private long withoutReply;
    private long resent;

    /** @param unanswered the op of a call that got no reply */
    public CallOrder(Function<C, CapturedOp> unanswered, OpSink sink) {
        this.unanswered = unanswered;
        this.sink = sink;
    }

    /**
     * A call of {@code client}, answered by the reply with the same {@code key}.
     *
     * @return false when a call of that key waits already: the same call sent again (an RPC
     *         retransmission, a repeated TCP segment), which stays one op
     */
    public boolean call(String client, String key, C call, double time) throws IOException {
        expire(time);
        Slot old = pending.get(key);
        if (old != null && old.op == null) {
            resent++;
            return false;
        }
        Slot s = new Slot(call, time);
        pending.put(key, s);
        clients.computeIfAbsent(client, c -> new ArrayDeque<>()).add(s);
        return true;
    }

    /** Calls that came again while waiting for their reply. */
    public long resent() {
        return resent;
    }

    /** The call of {@code key}, or null when the capture has none (it began after the call). */
    public C callOf(String key) {
        Slot s = pending.get(key);
        return s == null || s.op != null ? null : s.call;
    }

    /** The reply of {@code key} made {@code op} of its call. */
    public void answer(String key, CapturedOp op, String client) throws IOException {
        Slot s = pending.remove(key);
        if (s == null || s.op != null) {
            return;
        }
        s.op = op;
        drain(clients.get(client));
    }

    private void drain(ArrayDeque<Slot> q) throws IOException {
        while (q != null && !q.isEmpty() && q.peekFirst().op != null) {
            sink.accept(q.pollFirst().op);
        }
    }

    private double lastExpire = Double.NEGATIVE_INFINITY;

    private void expire(double now) throws IOException {
        if (now - lastExpire < 1) {
            return;
        }
        lastExpire = now;
        for (ArrayDeque<Slot> q : clients.values()) {
            while (!q.isEmpty() && (q.peekFirst().op != null || now - q.peekFirst().time > REPLY_WAIT_S)) {
                Slot s = q.peekFirst();
                if (s.op == null) {
                    s.op = unanswered.apply(s.call);
                    withoutReply++;
                }
                sink.accept(q.pollFirst().op);
            }
        }
        pending.values().removeIf(s -> s.op != null);
    }

    /** The end of the capture: every waiting call leaves, answered or not. */
    public void finish() throws IOException {
        for (ArrayDeque<Slot> q : clients.values()) {
            while (!q.isEmpty()) {
                Slot s = q.pollFirst();
                if (s.op == null) {
                    s.op = unanswered.apply(s.call);
                    withoutReply++;
                }
                sink.accept(s.op);
            }
        }
        pending.clear();
    }

    /** Calls that left without a reply. */
    public long withoutReply() {
        return withoutReply;
    }
}
