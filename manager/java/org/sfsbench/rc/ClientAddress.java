package org.sfsbench.rc;

/**
 * A CLIENTS entry: a host, and optionally the port of an agent that runs there already
 * ({@code host:port}, {@code [v6]:port}). An entry with a port is reached on that port and never
 * started or stopped by the manager, so several running agents of one host can be listed.
 */
public record ClientAddress(String host, int port) {
    /** {@link #port} of an entry without one (the manager's default applies). */
    public static final int NO_PORT = -1;

    /** The host and port of an entry as CLIENTS writes it (checked by the rc reader). */
    public static ClientAddress of(String entry) {
        int colon = entry.lastIndexOf(':');
        boolean v6 = entry.startsWith("[") || entry.indexOf(':') != colon;
        if (colon < 0 || (v6 && !entry.startsWith("[")) || (v6 && entry.charAt(colon - 1) != ']')) {
            return new ClientAddress(entry, NO_PORT);
        }
        String port = entry.substring(colon + 1);
        if (port.isEmpty() || port.length() > 5 || !port.chars().allMatch(Character::isDigit)) {
            return new ClientAddress(entry, NO_PORT);
        }
        return new ClientAddress(entry.substring(0, colon), Integer.parseInt(port));
    }

    public boolean hasPort() {
        return port != NO_PORT;
    }
}
