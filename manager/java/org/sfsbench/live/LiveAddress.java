package org.sfsbench.live;

import java.net.InetAddress;
import java.net.InetSocketAddress;
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
        try {
            return new LiveAddress(new InetSocketAddress(InetAddress.getByName(host), p));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(text + ": unknown address " + host);
        }
    }

    /** True when only this host can connect (127.0.0.0/8, ::1). */
    public boolean loopback() {
        return socket.getAddress().isLoopbackAddress();
    }
}
