package org.sfsbench.rc;

import org.sfsbench.engine.EngineCatalog;

/** OUTAGE, OUTAGE_MAX, DISRUPT and DISRUPT_AT into {@link OutageSettings}; after RUNTIME is read. */
final class OutageRcReader {
    private OutageRcReader() {
    }

    /** {@code steps}: WORKLOAD=access or STEP_PROCS, whose RUNs are their steps, not RUNTIME. */
    static OutageSettings read(RcReader r, int runtimeSeconds, boolean steps) throws RcException {
        String mode = r.value("OUTAGE");
        boolean ride = false;
        if (mode != null) {
            switch (mode.toLowerCase(java.util.Locale.ROOT)) {
                case "ride" -> ride = true;
                case "end" -> ride = false;
                default -> throw r.error("OUTAGE", "'" + mode + "' is not an outage mode",
                        "ride (continue through a server outage) or end (a lost connection ends the run)");
            }
        }
        int most = (int) EngineCatalog.get().key("outage_max").maxLong();
        if (r.isSet("OUTAGE_MAX") && !ride) {
            throw r.error("OUTAGE_MAX", "set without OUTAGE=ride", "OUTAGE=ride with it, or OUTAGE_MAX unset");
        }
        int max = r.integer("OUTAGE_MAX", OutageSettings.DEFAULT_MAX_SECONDS, 1, most);
        String disrupt = r.value("DISRUPT");
        if (disrupt != null && !ride) {
            throw r.error("DISRUPT", "a disruption without OUTAGE=ride would end the run",
                    "OUTAGE=ride with it, or DISRUPT unset");
        }
        if (disrupt == null && r.isSet("DISRUPT_AT")) {
            throw r.error("DISRUPT_AT", "set without DISRUPT", "DISRUPT=\"command\" with it, or DISRUPT_AT unset");
        }
        if (disrupt != null && steps) {
            throw r.error("DISRUPT", "with steps (WORKLOAD=access or STEP_PROCS) RUN is each step's",
                    "DISRUPT with load points of RUNTIME seconds, or DISRUPT unset");
        }
        double at = 0;
        if (disrupt != null) {
            String allowed = "seconds into RUN, from 0 to less than RUNTIME=" + runtimeSeconds;
            String text = r.value("DISRUPT_AT");
            if (text == null) {
                throw r.missing("DISRUPT_AT", allowed);
            }
            if (!text.matches("[+]?\\d{1,9}(\\.\\d{1,6})?")) {
                throw r.error("DISRUPT_AT", "'" + text + "' is not a number of seconds", allowed);
            }
            at = Double.parseDouble(text);
            if (at >= runtimeSeconds) {
                throw r.error("DISRUPT_AT", text + " s is outside RUN", allowed);
            }
        }
        return new OutageSettings(ride, max, disrupt, at);
    }
}
