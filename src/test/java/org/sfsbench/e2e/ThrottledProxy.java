package org.sfsbench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy whose replies (server to client) are held to a fixed byte rate over all
 * connections together: a server with a hard throughput limit, for tests that need one. Requests
 * pass unthrottled.
 */
final class ThrottledProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final int targetPort;
    private final double bytesPerSecond;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** When the link is free again: no credit builds up while it is idle. */
    private long freeAtNs;

    ThrottledProxy(int targetPort, double bytesPerSecond) throws IOException {
        this.targetPort = targetPort;
        this.bytesPerSecond = bytesPerSecond;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "throttled-proxy");
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
                pump(client.getInputStream(), server.getOutputStream(), false);
                pump(server.getInputStream(), client.getOutputStream(), true);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean throttled) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16384];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    if (throttled) {
                        pace(n);
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // a side closed: the other pump ends too
            } finally {
                try {
                    out.close();
                } catch (IOException e) {
                    // already closed
                }
            }
        }, "throttled-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Waits until {@code n} more bytes have had their time on the link at the fixed rate. */
    private void pace(int n) throws InterruptedException {
        long due;
        synchronized (this) {
            freeAtNs = Math.max(freeAtNs, System.nanoTime()) + (long) (n / bytesPerSecond * 1e9);
            due = freeAtNs;
        }
        long wait = due - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
