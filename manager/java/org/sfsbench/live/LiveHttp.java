package org.sfsbench.live;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A small HTTP/1.1 server for the live page that no client can stall: one thread reads and
 * writes every connection without blocking, so a client that sends its request slowly, or
 * reads its reply slowly, holds a few bytes of memory and never a thread. A request must be
 * whole within {@link Limits#headerMs} of its first byte (a new connection's clock starts at
 * once), a kept-alive connection closes after {@link Limits#idleMs} without a request, and a
 * reply must be taken within {@link Limits#writeMs}. Each address may hold
 * {@link Limits#perAddress} connections and all together {@link Limits#total}; one more evicts
 * that address's (or anyone's) oldest connection still waiting for its request, so slow
 * connections cannot lock out a prompt one. Replies are made from memory by the handler on the
 * same thread; only GET and HEAD without a body are read.
 */
final class LiveHttp implements AutoCloseable {
    /** Timeouts in milliseconds and connection bounds. */
    record Limits(long headerMs, long idleMs, long writeMs, int perAddress, int total, int maxRequestBytes) {
        static final Limits DEFAULT = new Limits(5_000, 15_000, 10_000, 16, 256, 16_384);
    }

    /** A request as read: method, target (path and query), version and headers by lower-case name. */
    record Request(String method, String target, String version, Map<String, String> headers) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** A reply: status, content type and body (not sent for HEAD). */
    record Reply(int status, String type, byte[] body) {
        static Reply text(int status, String type, String body) {
            return new Reply(status, type, body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private enum State { WAITING, READING, WRITING }

    private static final class Conn {
        final SocketChannel channel;
        final InetAddress from;
        final long opened = System.nanoTime();
        final ByteBuffer in;
        ByteBuffer out;
        State state = State.WAITING;
        long deadline;
        boolean closeAfter;

        Conn(SocketChannel channel, InetAddress from, int size) {
            this.channel = channel;
            this.from = from;
            this.in = ByteBuffer.allocate(size);
        }
    }

    private final Limits limits;
    private final Function<Request, Reply> handler;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final Set<Conn> conns = new LinkedHashSet<>();
    private final Map<InetAddress, Integer> perAddress = new HashMap<>();
    private final Thread loop;
    private volatile boolean running = true;
    private volatile int open;

    LiveHttp(InetSocketAddress address, Limits limits, Function<Request, Reply> handler) throws IOException {
        this.limits = limits;
        this.handler = handler;
        this.selector = Selector.open();
        this.server = ServerSocketChannel.open();
        try {
            server.bind(address, 64);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            server.close();
            selector.close();
            throw e;
        }
        this.loop = new Thread(this::run, "live-http");
        loop.setDaemon(true);
        loop.start();
    }

    /** The bound address (the port chosen when 0 was asked for). */
    InetSocketAddress address() {
        try {
            return (InetSocketAddress) server.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException("live page: the server's socket is closed", e);
        }
    }

    private void run() {
        try {
            while (running) {
                selector.select(250);
                for (SelectionKey key : selector.selectedKeys()) {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        acceptAll();
                    } else {
                        Conn c = (Conn) key.attachment();
                        try {
                            if (key.isReadable()) {
                                read(c);
                            } else if (key.isWritable()) {
                                write(c);
                            }
                        } catch (IOException e) {
                            drop(c);
                        }
                    }
                }
                selector.selectedKeys().clear();
                expire();
            }
        } catch (IOException | ClosedSelectorException e) {
            // the server is closing
        }
    }

    private void acceptAll() throws IOException {
        SocketChannel ch;
        while ((ch = server.accept()) != null) {
            InetAddress from = ((InetSocketAddress) ch.getRemoteAddress()).getAddress();
            if (perAddress.getOrDefault(from, 0) >= limits.perAddress() && !evictOldestWaiting(from)
                    || conns.size() >= limits.total() && !evictOldestWaiting(null)) {
                ch.close();
                continue;
            }
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            Conn c = new Conn(ch, from, limits.maxRequestBytes());
            c.deadline = System.nanoTime() + limits.headerMs() * 1_000_000;
            ch.register(selector, SelectionKey.OP_READ, c);
            conns.add(c);
            open = conns.size();
            perAddress.merge(from, 1, Integer::sum);
        }
    }

    /** Closes the oldest connection (of {@code from}, or of anyone) that has no request yet. */
    private boolean evictOldestWaiting(InetAddress from) {
        Conn oldest = null;
        for (Conn c : conns) {
            if (c.state != State.WRITING && (from == null || c.from.equals(from))
                    && (oldest == null || c.opened - oldest.opened < 0)) {
                oldest = c;
            }
        }
        if (oldest == null) {
            return false;
        }
        drop(oldest);
        return true;
    }

    private void read(Conn c) throws IOException {
        int n = c.channel.read(c.in);
        if (n < 0) {
            drop(c);
            return;
        }
        if (n > 0 && c.state == State.WAITING) {
            c.state = State.READING;
            c.deadline = System.nanoTime() + limits.headerMs() * 1_000_000;
        }
        serveIfWhole(c);
    }

    /** Answers the request in {@code c.in} once its header has ended. */
    private void serveIfWhole(Conn c) throws IOException {
        int end = headerEnd(c.in);
        if (end < 0) {
            if (!c.in.hasRemaining()) {
                reply(c, Reply.text(431, "text/plain; charset=utf-8", "request header over "
                        + limits.maxRequestBytes() + " bytes\n"), "GET", true);
            }
            return;
        }
        String head = new String(c.in.array(), 0, end, StandardCharsets.ISO_8859_1);
        // what follows the header (a pipelined request) stays for the next turn
        c.in.flip().position(end);
        c.in.compact();
        Request r = parse(head);
        if (r == null) {
            reply(c, Reply.text(400, "text/plain; charset=utf-8", "not an HTTP/1.x request\n"), "GET", true);
            return;
        }
        boolean body = r.header("content-length") != null && !"0".equals(r.header("content-length").strip())
                || r.header("transfer-encoding") != null;
        if (body || !"GET".equals(r.method()) && !"HEAD".equals(r.method())) {
            reply(c, Reply.text(405, "text/plain; charset=utf-8", "only GET and HEAD, without a body\n"), "GET",
                    true);
            return;
        }
        Reply answer;
        try {
            answer = handler.apply(r);
        } catch (RuntimeException e) {
            // a broken page must never break the run
            answer = Reply.text(500, "text/plain; charset=utf-8", "the live page failed: " + e + "\n");
        }
        String connection = r.header("connection");
        boolean close = connection != null && connection.toLowerCase(Locale.ROOT).contains("close")
                || "HTTP/1.0".equals(r.version());
        reply(c, answer, r.method(), close);
    }

    private static int headerEnd(ByteBuffer in) {
        byte[] a = in.array();
        for (int i = 3; i < in.position(); i++) {
            if (a[i] == '\n' && a[i - 1] == '\r' && a[i - 2] == '\n' && a[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    private static Request parse(String head) {
        String[] lines = head.split("\r\n");
        String[] first = lines[0].split(" ");
        if (first.length != 3 || !first[2].startsWith("HTTP/1.") || first[0].isEmpty() || first[1].isEmpty()) {
            return null;
        }
        Map<String, String> headers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                if (!lines[i].isEmpty()) {
                    return null;
                }
                continue;
            }
            headers.putIfAbsent(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip());
        }
        return new Request(first[0], first[1], first[2], headers);
    }

    private void reply(Conn c, Reply r, String method, boolean close) throws IOException {
        boolean head = "HEAD".equals(method);
        String status = r.status() + " " + reason(r.status());
        byte[] top = ("HTTP/1.1 " + status + "\r\nContent-Type: " + r.type() + "\r\nContent-Length: "
                + r.body().length + "\r\nCache-Control: no-store\r\nConnection: " + (close ? "close" : "keep-alive")
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer out = ByteBuffer.allocate(top.length + (head ? 0 : r.body().length));
        out.put(top);
        if (!head) {
            out.put(r.body());
        }
        c.out = out.flip();
        c.closeAfter = close;
        c.state = State.WRITING;
        c.deadline = System.nanoTime() + limits.writeMs() * 1_000_000;
        c.channel.keyFor(selector).interestOps(SelectionKey.OP_WRITE);
        write(c);
    }

    private void write(Conn c) throws IOException {
        c.channel.write(c.out);
        if (c.out.hasRemaining()) {
            return;
        }
        c.out = null;
        if (c.closeAfter) {
            drop(c);
            return;
        }
        c.state = c.in.position() > 0 ? State.READING : State.WAITING;
        c.deadline = System.nanoTime() + (c.state == State.READING ? limits.headerMs() : limits.idleMs()) * 1_000_000;
        c.channel.keyFor(selector).interestOps(SelectionKey.OP_READ);
        if (c.state == State.READING) {
            serveIfWhole(c);
        }
    }

    private void expire() {
        long now = System.nanoTime();
        List<Conn> late = new ArrayList<>();
        for (Conn c : conns) {
            if (now - c.deadline > 0) {
                late.add(c);
            }
        }
        late.forEach(this::drop);
    }

    private void drop(Conn c) {
        if (conns.remove(c)) {
            perAddress.computeIfPresent(c.from, (k, v) -> v == 1 ? null : v - 1);
            open = conns.size();
        }
        try {
            c.channel.close();
        } catch (IOException e) {
            // closing is all that is left to do
        }
    }

    /** Connections open now (for the tests of the bounds). */
    int connections() {
        return open;
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 431 -> "Request Header Fields Too Large";
            default -> "Internal Server Error";
        };
    }

    /** Stops at once: connections in progress are cut. */
    @Override
    public void close() {
        running = false;
        selector.wakeup();
        try {
            loop.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Conn c : List.copyOf(conns)) {
            drop(c);
        }
        try {
            server.close();
            selector.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
