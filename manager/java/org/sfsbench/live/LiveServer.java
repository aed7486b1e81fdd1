package org.sfsbench.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The live page ({@code /}), its data ({@code /data}) and the metrics ({@code /metrics}) over
 * the JDK's HTTP server. Off loopback every request must carry the run's token, as
 * {@code ?token=} or {@code Authorization: Bearer}; the token is made here, shown once on the
 * console and written nowhere else.
 */
public final class LiveServer implements AutoCloseable {
    private final HttpServer http;
    private final ExecutorService threads;
    private final LiveState state;
    private final String token;
    private final String page;

    private LiveServer(HttpServer http, LiveState state, String token) throws IOException {
        this.http = http;
        this.state = state;
        this.token = token;
        try (InputStream in = LiveServer.class.getResourceAsStream("live.html")) {
            if (in == null) {
                throw new IOException("live.html is missing from the sfsbench jar");
            }
            this.page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        this.threads = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "live-http");
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(threads);
        http.createContext("/", this::serve);
        http.start();
    }

    /** Listens on {@code address}; a token is made when it is not loopback. */
    public static LiveServer start(LiveAddress address, LiveState state) throws IOException {
        String token = null;
        if (!address.loopback()) {
            byte[] b = new byte[16];
            new SecureRandom().nextBytes(b);
            token = HexFormat.of().formatHex(b);
        }
        return new LiveServer(HttpServer.create(address.socket(), 16), state, token);
    }

    /** The page's address (with the token when one is needed). */
    public String url() {
        java.net.InetAddress bound = http.getAddress().getAddress();
        String host = bound.getHostAddress();
        if (bound.isAnyLocalAddress()) {
            // every address: this host's name is what a browser elsewhere would use
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                host = "0.0.0.0";
            }
        }
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + http.getAddress().getPort() + "/" + (token == null ? "" : "?token=" + token);
    }

    private void serve(HttpExchange x) throws IOException {
        try (x) {
            if (!"GET".equals(x.getRequestMethod()) && !"HEAD".equals(x.getRequestMethod())) {
                send(x, 405, "text/plain; charset=utf-8", "only GET\n");
                return;
            }
            URI uri = x.getRequestURI();
            String given = param(uri, "token");
            String auth = x.getRequestHeaders().getFirst("Authorization");
            if (given == null && auth != null && auth.startsWith("Bearer ")) {
                given = auth.substring(7).strip();
            }
            if (token != null && (given == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                    given.getBytes(StandardCharsets.UTF_8)))) {
                send(x, 401, "text/plain; charset=utf-8", "this live page needs the run's token (?token= or"
                        + " Authorization: Bearer), printed on the manager's console\n");
                return;
            }
            switch (uri.getPath()) {
                case "/" -> send(x, 200, "text/html; charset=utf-8", page
                        .replace("/*DATA*/null", LiveJson.page(state.snapshot(), 0, 0).replace("</", "<\\/"))
                        .replace("/*TOKEN*/\"\"", token == null ? "\"\"" : "\"" + token + "\""));
                case "/data" -> send(x, 200, "application/json", LiveJson.page(state.snapshot(),
                        number(param(uri, "since")), number(param(uri, "serverSince"))));
                case "/metrics" -> {
                    String accept = x.getRequestHeaders().getFirst("Accept");
                    boolean om = accept != null && accept.contains("application/openmetrics-text");
                    send(x, 200, om ? MetricsText.OPENMETRICS : MetricsText.PROMETHEUS,
                            MetricsText.render(state.snapshot(), om));
                }
                default -> send(x, 404, "text/plain; charset=utf-8", "no such page: / (live page), /data, /metrics\n");
            }
        } catch (RuntimeException e) {
            // a broken page must never break the run
            x.close();
        }
    }

    private static long number(String v) {
        try {
            return v == null ? 0 : Long.parseLong(v);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String param(URI uri, String name) {
        String q = uri.getRawQuery();
        if (q == null) {
            return null;
        }
        for (String kv : q.split("&")) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).equals(name)) {
                return URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void send(HttpExchange x, int status, String type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        boolean head = "HEAD".equals(x.getRequestMethod());
        x.sendResponseHeaders(status, head ? -1 : b.length);
        if (!head) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(b);
            }
        }
    }

    /** Stops at once: requests in progress are cut. */
    @Override
    public void close() {
        http.stop(0);
        threads.shutdownNow();
    }
}
