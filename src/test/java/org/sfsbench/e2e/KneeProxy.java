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
 * A loopback TCP proxy for a server with a known latency knee: replies pass a link of a fixed byte
 * rate (as {@link ThrottledProxy}), and while the replies of the last second together pass
 * {@code kneeBytesPerSecond}, every reply is held {@code extraNs} longer, pipelined (the hold adds
 * latency, not a limit on throughput). Below the knee rate latency is the link time, above it the
 * link time plus the hold: the capacity at a bound between the two is the knee rate, while the
 * unpaced top speed is the link's rate. Requests pass unchanged.
 */
final class KneeProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final int targetPort;
    private final double bytesPerSecond;
    private final double kneeBytesPerSecond;
    private final long extraNs;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Reply bytes of the last second, oldest first: {time ns, bytes}. */
    private final ArrayDeque<long[]> window = new ArrayDeque<>();
    private long windowBytes;
    private long freeAtNs;

    KneeProxy(int targetPort, double bytesPerSecond, double kneeBytesPerSecond, long extraNs) throws IOException {
        this.targetPort = targetPort;
        this.bytesPerSecond = bytesPerSecond;
        this.kneeBytesPerSecond = kneeBytesPerSecond;
        this.extraNs = extraNs;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "knee-proxy");
        t.setDaemon(true);
        t.start();
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
        }, "knee-proxy-pump");
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
                long release = Math.max(lastRelease, now + (overKnee(now, n) ? extraNs : 0));
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
                long wait = at - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                out.write((byte[]) r[1]);
                out.flush();
            }
        }
    }

    /** Waits for {@code n} bytes' time on the link; returns when they have passed. */
    private long link(int n) throws InterruptedException {
        long due;
        synchronized (this) {
            freeAtNs = Math.max(freeAtNs, System.nanoTime()) + (long) (n / bytesPerSecond * 1e9);
            due = freeAtNs;
        }
        long wait = due - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        return System.nanoTime();
    }

    /** Counts {@code n} reply bytes at {@code now}; true while the last second's replies pass the knee rate. */
    private synchronized boolean overKnee(long now, int n) {
        window.addLast(new long[] {now, n});
        windowBytes += n;
        while (window.peekFirst()[0] < now - 1_000_000_000L) {
            windowBytes -= window.pollFirst()[1];
        }
        return windowBytes > kneeBytesPerSecond;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
