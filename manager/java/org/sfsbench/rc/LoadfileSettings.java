package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.List;

import org.sfsbench.loadfile.LoadfileCopy;

/**
 * The settings of WORKLOAD=loadfile (docs/loadfile.md).
 *
 * @param file           LOADFILE, absolute, on the manager's host
 * @param copy           its text as read once and checked by the engine's parser when the rc file
 *                       was read; it travels to every agent with the run
 * @param summary        the engine's one-line summary of the file (lines, op counts)
 * @param clientCounts   simulated clients of each load point (CLIENT_COUNTS, or PROCS x CLIENTS)
 * @param timestamps     LOADFILE_TIMING=timestamps: lines are due at their timestamps
 * @param speed          LOADFILE_SPEED: with timestamps, the file's times are divided by it; 1 otherwise
 * @param targetRateMBps TARGET_RATE_MBPS, all clients together; 0 = as fast as possible
 */
public record LoadfileSettings(Path file, LoadfileCopy copy, String summary, List<Integer> clientCounts, boolean timestamps,
        double speed, double targetRateMBps) {
    public LoadfileSettings {
        clientCounts = List.copyOf(clientCounts);
    }

    /** True when lines are due at a schedule (timestamps or a target rate), not as fast as possible. */
    public boolean paced() {
        return timestamps || targetRateMBps > 0;
    }
}
