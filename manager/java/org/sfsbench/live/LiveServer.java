package org.sfsbench.live;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;

import org.sfsbench.live.LiveHttp.Reply;
import org.sfsbench.live.LiveHttp.Request;

/**
 * The live page ({@code /}), its data ({@code /data}) and the metrics ({@code /metrics}) over
 * {@link LiveHttp}, which no slow client can stall. Off loopback every request must carry the
 * run's token, as {@code ?token=} or {@code Authorization: Bearer} (the scheme in any case,
 * RFC 7235); the token is made here, shown once on the console and written nowhere else.
 */
public final class LiveServer implements AutoCloseable {
    private static final String TEXT = "text/plain; charset=utf-8";

    private final LiveHttp http;
    private final LiveState state;
    private final String token;
    private final String page;

    private LiveServer(LiveAddress address, LiveHttp.Limits limits, LiveState state, String token)
            throws IOException {
        this.state = state;
        this.token = token;
        try (InputStream in = LiveServer.class.getResourceAsStream("live.html")) {
            if (in == null) {
                throw new IOException("live.html is missing from the sfsbench jar");
            }
            this.page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        this.http = new LiveHttp(address.socket(), limits, this::serve);
    }

    /** Listens on {@code address}; a token is made when it is not loopback. */
    public static LiveServer start(LiveAddress address, LiveState state) throws IOException {
        return start(address, LiveHttp.Limits.DEFAULT, state);
    }

    static LiveServer start(LiveAddress address, LiveHttp.Limits limits, LiveState state) throws IOException {
        String token = null;
        if (!address.loopback()) {
            byte[] b = new byte[16];
            new SecureRandom().nextBytes(b);
            token = HexFormat.of().formatHex(b);
        }
        return new LiveServer(address, limits, state, token);
    }

    /** The bound address (the port chosen when 0 was asked for). */
    InetSocketAddress address() {
        return http.address();
    }

    /** Connections open now. */
    int connections() {
        return http.connections();
    }

    /** The page's address (with the token when one is needed). */
    public String url() {
        InetAddress bound = http.address().getAddress();
        String host = bound.getHostAddress();
        if (bound.isAnyLocalAddress()) {
            // every address: this host's name is what a browser elsewhere would use
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                host = "0.0.0.0";
            }
        }
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return "http://" + host + ":" + http.address().getPort() + "/" + (token == null ? "" : "?token=" + token);
    }

    private Reply serve(Request x) {
        URI uri;
        try {
            uri = new URI(x.target());
        } catch (java.net.URISyntaxException e) {
            return Reply.text(400, TEXT, "not a request target\n");
        }
        if (token != null && !tokenMatches(given(uri, x.header("authorization")))) {
            return Reply.text(401, TEXT, "this live page needs the run's token (?token= or"
                    + " Authorization: Bearer), printed on the manager's console\n");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        return switch (path) {
            case "/" -> Reply.text(200, "text/html; charset=utf-8", page
                    .replace("/*DATA*/null", LiveJson.page(state.snapshot(), 0, 0).replace("</", "<\\/"))
                    .replace("/*TOKEN*/\"\"", token == null ? "\"\"" : "\"" + token + "\""));
            case "/data" -> Reply.text(200, "application/json", LiveJson.page(state.snapshot(),
                    number(param(uri, "since")), number(param(uri, "serverSince"))));
            case "/metrics" -> {
                String accept = x.header("accept");
                boolean om = accept != null && accept.contains("application/openmetrics-text");
                yield Reply.text(200, om ? MetricsText.OPENMETRICS : MetricsText.PROMETHEUS,
                        MetricsText.render(state.snapshot(), om));
            }
            default -> Reply.text(404, TEXT, "no such page: / (live page), /data, /metrics\n");
        };
    }

    /** The token of {@code ?token=}, else of {@code Authorization: Bearer} (any case of the scheme). */
    static String given(URI uri, String authorization) {
        String given = param(uri, "token");
        if (given == null && authorization != null) {
            String a = authorization.strip();
            int space = a.indexOf(' ');
            if (space > 0 && a.substring(0, space).toLowerCase(Locale.ROOT).equals("bearer")) {
                given = a.substring(space + 1).strip();
            }
        }
        return given;
    }

    private boolean tokenMatches(String given) {
        return given != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
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

    /** Stops at once: requests in progress are cut. */
    @Override
    public void close() {
        http.close();
    }
}
