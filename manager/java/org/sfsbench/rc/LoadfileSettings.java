package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.List;

import org.sfsbench.loadfile.LoadfileCopy;

/**
 * The settings of WORKLOAD=loadfile (docs/loadfile.md).
 *
 * @param file           LOADFILE, absolute, on the manager's host: a loadfile, or a folder of them (a set)
 * @param copies         the text of each loadfile as read once and checked by the engine's parser when
 *                       the rc file was read (a set: in name order); it travels to the agents with the run
 * @param summary        the engine's one-line summary of the file, or of the set (its files and op lines)
 * @param clientCounts   simulated clients of each load point (CLIENT_COUNTS, or PROCS x CLIENTS; a set:
 *                       one point of one client per loadfile)
 * @param timestamps     LOADFILE_TIMING=timestamps: lines are due at their timestamps
 * @param speed          LOADFILE_SPEED: with timestamps, the file's times are divided by it; 1 otherwise
 * @param targetRateMBps TARGET_RATE_MBPS, all clients together; 0 = as fast as possible
 * @param deal           a set: for each CLIENTS host, the indexes in {@code copies} its procs replay, in
 *                       their order (LOADFILE_DEAL); empty for one loadfile, which every proc replays
 * @param passes         LOADFILE_PASSES: each proc replays its loadfile this many times and stops, RUN
 *                       ending when every proc is done or at RUNTIME; 0 = pass after pass until RUNTIME
 */
public record LoadfileSettings(Path file, List<LoadfileCopy> copies, String summary, List<Integer> clientCounts,
        boolean timestamps, double speed, double targetRateMBps, List<List<Integer>> deal, int passes) {
    public LoadfileSettings {
        copies = List.copyOf(copies);
        clientCounts = List.copyOf(clientCounts);
        deal = deal.stream().map(List::copyOf).toList();
    }

    /** True when LOADFILE names a folder: each of its loadfiles is one simulated client, replayed once. */
    public boolean set() {
        return !deal.isEmpty();
    }

    /**
     * What host {@code host} (0-based, CLIENTS order) replays: the one loadfile, which every proc
     * replays, or a set's loadfiles dealt to it, one per proc in its procs' order.
     */
    public List<LoadfileCopy> copiesFor(int host) {
        return set() ? deal.get(host).stream().map(copies::get).toList() : copies;
    }

    /** True when lines are due at a schedule (timestamps or a target rate), not as fast as possible. */
    public boolean paced() {
        return timestamps || targetRateMBps > 0;
    }
}
