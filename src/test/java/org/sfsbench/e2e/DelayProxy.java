package org.sfsbench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A loopback TCP proxy in front of a real server with a known service-time shape, for tests that
 * need one. Requests pass unchanged; replies (server to client) pass a link of a fixed byte rate over
 * all connections together (no credit builds up while it is idle), then each is held for the extra
 * time its {@link Hold} gives, pipelined: a hold adds latency, not a limit on throughput. Waits
 * are Thread.sleep's, whole milliseconds at least: the shapes are meant in milliseconds.
 */
final class DelayProxy implements AutoCloseable {
    /** The extra time a reply is held, from when it passed the link. */
    interface Hold {
        /**
         * @param sinceStartNs      time since the proxy was made
         * @param lastSecondBytes   reply bytes that passed the link in the last second, this one included
         */
        long ns(long sinceStartNs, long lastSecondBytes);
    }

    private final ServerSocket listener;
    private final int targetPort;
    private final double bytesPerSecond;
    private final Hold hold;
    private final long startNs = System.nanoTime();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Reply bytes of the last second, oldest first: {time ns, bytes}. */
    private final ArrayDeque<long[]> window = new ArrayDeque<>();
    private long windowBytes;
    private long freeAtNs;

    private DelayProxy(int targetPort, double bytesPerSecond, Hold hold) throws IOException {
        this.targetPort = targetPort;
        this.bytesPerSecond = bytesPerSecond;
        this.hold = hold;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "delay-proxy");
        t.setDaemon(true);
        t.start();
    }

    /** A server with a hard throughput limit: the link alone. */
    static DelayProxy throttled(int targetPort, double bytesPerSecond) throws IOException {
        return new DelayProxy(targetPort, bytesPerSecond, (t, b) -> 0);
    }

    /**
     * A server with a latency knee: while the last second's replies pass {@code kneeBytesPerSecond},
     * every reply is held {@code extraNs} longer. Below the knee rate latency is the link time, above it
     * the link time plus the hold: the capacity at a bound between the two is the knee rate, while the
     * unpaced top speed is the link's rate.
     */
    static DelayProxy knee(int targetPort, double bytesPerSecond, double kneeBytesPerSecond, long extraNs)
            throws IOException {
        return new DelayProxy(targetPort, bytesPerSecond, (t, b) -> b > kneeBytesPerSecond ? extraNs : 0);
    }

    /**
     * A server that keeps getting slower at any load: every reply is held {@code firstNs} doubled every
     * {@code doublingSeconds} since the proxy was made, so the latency of the last ten seconds is always
     * well above that of the ten before, however long it has run.
     */
    static DelayProxy drifting(int targetPort, long firstNs, double doublingSeconds) throws IOException {
        return new DelayProxy(targetPort, Double.POSITIVE_INFINITY,
                (t, b) -> (long) (firstNs * Math.pow(2, t / 1e9 / doublingSeconds)));
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                daemon(() -> copy(client.getInputStream(), server.getOutputStream()));
                LinkedBlockingQueue<Object[]> held = new LinkedBlockingQueue<>();
                daemon(() -> replies(server.getInputStream(), held));
                daemon(() -> release(held, client.getOutputStream()));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private interface Io {
        void run() throws IOException, InterruptedException;
    }

    private static void daemon(Io body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (IOException | InterruptedException e) {
                // a side closed
            }
        }, "delay-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void copy(InputStream in, OutputStream out) throws IOException {
        byte[] buf = new byte[16384];
        try (out) {
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
                out.flush();
            }
        }
    }

    /** Reads replies, holds each for the link's time, then queues it with its release time. */
    private void replies(InputStream in, LinkedBlockingQueue<Object[]> held) throws IOException, InterruptedException {
        byte[] buf = new byte[16384];
        long lastRelease = 0;
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                long now = link(n);
                long release = Math.max(lastRelease, now + hold.ns(now - startNs, count(now, n)));
                lastRelease = release;
                held.put(new Object[] {release, Arrays.copyOf(buf, n)});
            }
        } finally {
            held.put(new Object[] {-1L, new byte[0]});
        }
    }

    private void release(LinkedBlockingQueue<Object[]> held, OutputStream out) throws IOException, InterruptedException {
        try (out) {
            while (true) {
                Object[] r = held.take();
                long at = (Long) r[0];
                if (at < 0) {
                    return;
                }
                sleepUntil(at);
                out.write((byte[]) r[1]);
                out.flush();
            }
        }
    }

    /** Waits for {@code n} bytes' time on the link; returns when they have passed. */
    private long link(int n) throws InterruptedException {
        if (Double.isInfinite(bytesPerSecond)) {
            return System.nanoTime();
        }
        long due;
        synchronized (this) {
            freeAtNs = Math.max(freeAtNs, System.nanoTime()) + (long) (n / bytesPerSecond * 1e9);
            due = freeAtNs;
        }
        sleepUntil(due);
        return System.nanoTime();
    }

    private static void sleepUntil(long ns) throws InterruptedException {
        long wait = ns - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    /** Counts {@code n} reply bytes at {@code now}; the reply bytes of the last second. */
    private synchronized long count(long now, int n) {
        window.addLast(new long[] {now, n});
        windowBytes += n;
        while (window.peekFirst()[0] < now - 1_000_000_000L) {
            windowBytes -= window.pollFirst()[1];
        }
        return windowBytes;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
