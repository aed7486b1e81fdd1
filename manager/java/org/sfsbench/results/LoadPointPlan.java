package org.sfsbench.results;

import org.sfsbench.engine.Backend;

/**
 * The planned figures of one load point that go into its result row.
 *
 * @param index 1-based load point number
 * @param requestedOpsPerSec aggregate requested load: total procs * per-proc rate (guide's rounding)
 * @param protocol file server protocol
 * @param loadGenerators number of clients
 * @param procsPerGenerator procs per client (the largest when clients differ)
 * @param biodWrites BIOD_MAX_WRITES
 * @param biodReads BIOD_MAX_READS
 * @param ipVersion 4 or 6, the address family of the target
 */
public record LoadPointPlan(int index, long requestedOpsPerSec, Backend protocol, int loadGenerators,
        int procsPerGenerator, int biodWrites, int biodReads, int ipVersion) {

    public LoadPointPlan {
        if (index < 1) {
            throw new IllegalArgumentException("load point index " + index + " must be >= 1");
        }
        if (ipVersion != 4 && ipVersion != 6) {
            throw new IllegalArgumentException("IP version " + ipVersion + " must be 4 or 6");
        }
    }
}
