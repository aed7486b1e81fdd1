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
            if (mon.equals("ssh:") || mon.startsWith("ssh:") && mon.substring(4).strip().matches(".*[\\s'\"].*|@.*|.*@")) {
                throw r.error("SERVER_MON", "no host after ssh:", "ssh:HOST or ssh:USER@HOST");
            }
            v.serverMon = mon;
        }
    }
}
