package org.sfsbench.rc;

import org.sfsbench.live.LiveAddress;

/** LIVE (the live page's address) and SERVER_MON (the server monitor), docs/live.md. */
final class LiveRcReader {
    private LiveRcReader() {
    }

    static void read(RcReader r, RunConfig.Values v) throws RcException {
        String live = r.value("LIVE");
        if (live != null) {
            try {
                LiveAddress.parse(live);
            } catch (IllegalArgumentException e) {
                throw r.error("LIVE", e.getMessage(), "[ADDR:]PORT, for example 8080 or 0.0.0.0:8080");
            }
            v.live = live;
        }
        String mon = r.value("SERVER_MON");
        if (mon != null) {
            if (mon.startsWith("ssh:")) {
                checkSshTarget(r, mon.substring(4).strip());
            }
            v.serverMon = mon;
        }
    }

    /** [USER@]HOST of SERVER_MON=ssh:, by the rules of CLIENTS' host names. */
    private static void checkSshTarget(RcReader r, String target) throws RcException {
        String allowed = "ssh:HOST or ssh:USER@HOST; HOST as in CLIENTS (letters, digits, . - _, not beginning"
                + " with - or ., or an IP address), USER of letters, digits, . - _";
        if (target.isEmpty()) {
            throw r.error("SERVER_MON", "no host after ssh:", allowed);
        }
        int at = target.indexOf('@');
        String user = at >= 0 ? target.substring(0, at) : null;
        String host = target.substring(at + 1);
        if (user != null && !user.matches("[A-Za-z0-9_][A-Za-z0-9._-]*")) {
            throw r.error("SERVER_MON", user.isEmpty() ? "no user before @" : "'" + user + "' is not a user name",
                    allowed);
        }
        if (host.isEmpty()) {
            throw r.error("SERVER_MON", "no host after ssh:" + (user == null ? "" : user + "@"), allowed);
        }
        if (!HostsRcReader.isHost(host)) {
            throw r.error("SERVER_MON", "'" + host + "' is not a host name or address", allowed);
        }
    }
}
