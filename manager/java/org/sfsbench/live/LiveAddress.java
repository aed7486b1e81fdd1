package org.sfsbench.live;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * Where the live page listens: {@code [ADDR:]PORT} of {@code --live} or the rc's {@code LIVE}.
 * Loopback when ADDR is left out; any other address needs the token (see {@link LiveServer}).
 * PORT 0 takes a free port (the console says which).
 */
public record LiveAddress(InetSocketAddress socket) {
    /**
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static LiveAddress parse(String text) {
        String v = text.strip();
        String host = "127.0.0.1";
        String port = v;
        int colon = v.lastIndexOf(':');
        if (colon >= 0) {
            host = v.substring(0, colon);
            port = v.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            if (host.isEmpty()) {
                throw new IllegalArgumentException(text + ": no address before ':' (allowed: [ADDR:]PORT)");
            }
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(text + ": port " + port + " is not a number (allowed: [ADDR:]PORT,"
                    + " PORT 0..65535)");
        }
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException(text + ": port " + p + " outside 0..65535");
        }
        // getByName reads "8080" as the address 0.0.31.144: a number alone is a port given twice
        if (host.matches("[0-9]+|[0-9]+\\.[0-9]+|[0-9]+\\.[0-9]+\\.[0-9]+|.*\\s.*")) {
            throw new IllegalArgumentException(text + ": '" + host + "' is not an address (ADDR:PORT takes one"
                    + " port; every address of this host is 0.0.0.0:PORT)");
        }
        InetAddress a;
        try {
            a = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(text + ": unknown address " + host);
        }
        if (!bindable(a)) {
            throw new IllegalArgumentException(text + ": " + a.getHostAddress() + " is not an address of this host"
                    + " (the page listens here; 0.0.0.0 is every address of this host)");
        }
        return new LiveAddress(new InetSocketAddress(a, p));
    }

    private static boolean bindable(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** ADDR:PORT as a user writes it (IPv6 in brackets). */
    public String text() {
        String h = socket.getAddress().getHostAddress();
        return (h.contains(":") ? "[" + h + "]" : h) + ":" + socket.getPort();
    }

    /** True when only this host can connect (127.0.0.0/8, ::1). */
    public boolean loopback() {
        return socket.getAddress().isLoopbackAddress();
    }
}
