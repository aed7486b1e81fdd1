package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Slow and hostile clients against the live page's server, over real sockets: slowloris
 * connections that send their request a byte a second hold no thread, requests that never end
 * and kept-alive connections that say nothing are closed on time, one address cannot hold more
 * than its share, and the token's {@code Bearer} scheme is read in any case.
 */
class LiveServerSlowClientsTest {
    private static final LiveHttp.Limits FAST = new LiveHttp.Limits(1_000, 1_000, 1_000, 16, 256, 4096);

    @Test
    void hundredSlowlorisConnectionsLeaveMetricsAnsweringWithinASecond() throws Exception {
        // a bound above 100, so that every slow connection stays open: no eviction helps here
        LiveHttp.Limits wide = new LiveHttp.Limits(60_000, 60_000, 10_000, 128, 256, 4096);
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), wide, new LiveState(null))) {
            InetSocketAddress at = server.address();
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 100; i++) {
                    Socket s = new Socket(at.getAddress(), at.getPort());
                    slow.add(s);
                }
                String request = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
                for (int second = 0; second < 3; second++) {
                    for (Socket s : slow) {
                        s.getOutputStream().write(request.charAt(second));
                    }
                    long t0 = System.nanoTime();
                    String reply = get(at, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 1000);
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    assertTrue(reply.startsWith("HTTP/1.1 200 OK"), reply);
                    assertTrue(reply.contains("sfs_"), "the metrics text: " + reply);
                    assertTrue(ms < 1000, "/metrics took " + ms + " ms beside 100 slow connections");
                    Thread.sleep(1000);
                }
                assertEquals(100, server.connections(), "every slow connection still open");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aRequestThatNeverEndsIsClosedAfterTheHeaderTimeout() throws Exception {
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), FAST, new LiveState(null));
                Socket s = new Socket(server.address().getAddress(), server.address().getPort())) {
            s.setSoTimeout(4000);
            long t0 = System.nanoTime();
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            int got = 0;
            try {
                // a byte every 300 ms keeps the connection busy but never finishes the header
                for (int i = 0; i < 12 && got >= 0; i++) {
                    out.write('G');
                    Thread.sleep(300);
                }
            } catch (IOException closedByServer) {
                got = -1;
            }
            if (got == 0) {
                got = in.read();
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(-1, got, "the server closed the connection");
            assertTrue(ms < 3000, "closed after the 1 s header timeout, not after " + ms + " ms");
        }
    }

    @Test
    void aSilentConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), FAST, new LiveState(null));
                Socket s = new Socket(server.address().getAddress(), server.address().getPort())) {
            s.setSoTimeout(4000);
            s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            long t0 = System.nanoTime();
            byte[] all = s.getInputStream().readAllBytes();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(new String(all, StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK"));
            assertTrue(ms >= 900 && ms < 3000, "kept alive, then closed after the 1 s idle timeout: " + ms + " ms");
        }
    }

    @Test
    void oneAddressHoldsAtMostItsBoundAndAPromptClientStillGetsIn() throws Exception {
        LiveHttp.Limits four = new LiveHttp.Limits(10_000, 10_000, 10_000, 4, 256, 4096);
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), four, new LiveState(null))) {
            InetSocketAddress at = server.address();
            List<Socket> silent = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    silent.add(new Socket(at.getAddress(), at.getPort()));
                }
                Thread.sleep(300);
                assertTrue(server.connections() <= 4, "open: " + server.connections());
                String reply = get(at, "GET /data HTTP/1.1\r\nConnection: close\r\n\r\n", 1000);
                assertTrue(reply.startsWith("HTTP/1.1 200 OK"), reply);
            } finally {
                for (Socket s : silent) {
                    s.close();
                }
            }
        }
    }

    @Test
    void refusesWhatItDoesNotServe() throws Exception {
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), FAST, new LiveState(null))) {
            InetSocketAddress at = server.address();
            assertTrue(get(at, "POST /data HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", 1000)
                    .startsWith("HTTP/1.1 405"));
            assertTrue(get(at, "GET /data HTTP/1.1\r\nX: " + "a".repeat(4096 - 23), 1000)
                    .startsWith("HTTP/1.1 431"));
            assertTrue(get(at, "nonsense\r\n\r\n", 1000).startsWith("HTTP/1.1 400"));
            assertTrue(get(at, "GET /nothing HTTP/1.1\r\nConnection: close\r\n\r\n", 1000).startsWith("HTTP/1.1 404"));
            String head = get(at, "HEAD /metrics HTTP/1.0\r\n\r\n", 1000);
            assertTrue(head.startsWith("HTTP/1.1 200") && head.endsWith("\r\n\r\n"), "HEAD has no body: " + head);
        }
    }

    @Test
    void bearerSchemeInAnyCase() {
        URI page = URI.create("/metrics");
        assertEquals("abc", LiveServer.given(page, "Bearer abc"));
        assertEquals("abc", LiveServer.given(page, "bearer abc"));
        assertEquals("abc", LiveServer.given(page, "BEARER   abc"));
        assertNull(LiveServer.given(page, "Basic abc"));
        assertNull(LiveServer.given(page, "Bearerabc"));
        assertEquals("q", LiveServer.given(URI.create("/?token=q"), "bearer abc"));
    }

    @Test
    void offLoopbackTheTokenIsNeededAndALowerCaseBearerIsAccepted() throws Exception {
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0.0.0.0:0"), FAST, new LiveState(null))) {
            InetSocketAddress at = new InetSocketAddress("127.0.0.1", server.address().getPort());
            String token = server.url().replaceFirst(".*token=", "");
            assertTrue(get(at, "GET /metrics HTTP/1.1\r\nConnection: close\r\n\r\n", 1000).startsWith("HTTP/1.1 401"));
            assertTrue(get(at, "GET /metrics HTTP/1.1\r\nAuthorization: bearer wrong\r\nConnection: close\r\n\r\n",
                    1000).startsWith("HTTP/1.1 401"));
            assertTrue(get(at, "GET /metrics HTTP/1.1\r\nAuthorization: bearer " + token
                    + "\r\nConnection: close\r\n\r\n", 1000).startsWith("HTTP/1.1 200"));
        }
    }

    /** Sends {@code request} on a new connection and reads the reply until the server closes it. */
    private static String get(InetSocketAddress at, String request, int timeoutMs) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(at, timeoutMs);
            s.setSoTimeout(timeoutMs);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            try {
                return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no whole reply within " + timeoutMs + " ms to " + request.lines().findFirst()
                        .orElse(""), e);
            }
        }
    }
}
