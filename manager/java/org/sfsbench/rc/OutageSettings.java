package org.sfsbench.rc;

/**
 * OUTAGE, OUTAGE_MAX, DISRUPT and DISRUPT_AT (docs/running.md "Outages").
 *
 * @param ride       OUTAGE=ride: the run continues through a server outage of up to {@code maxSeconds}
 * @param maxSeconds OUTAGE_MAX: seconds an outage is ridden through (the engine's outage_max)
 * @param disrupt    DISRUPT: the command run on the prime client during RUN, or null
 * @param disruptAt  DISRUPT_AT: seconds into RUN it runs at (0 without DISRUPT)
 */
public record OutageSettings(boolean ride, int maxSeconds, String disrupt, double disruptAt) {
    /** OUTAGE_MAX's default. */
    public static final int DEFAULT_MAX_SECONDS = 120;

    /** OUTAGE=end, no disruption: a lost connection ends the run. */
    public static OutageSettings none() {
        return new OutageSettings(false, DEFAULT_MAX_SECONDS, null, 0);
    }

    /** Whether a DISRUPT command runs. */
    public boolean disrupts() {
        return disrupt != null;
    }
}
