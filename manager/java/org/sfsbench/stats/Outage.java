package org.sfsbench.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * One outage the engine rode through (sfsengine.h, SFS_OUTAGE_*): from the intended start of the
 * first op that waited on the server past the stall threshold or lost its connection, to the
 * completion of the first op completed after it. Times are microseconds from the phase's start,
 * comparable across clients (their phases start at one instant).
 *
 * @param beginUs    when it began
 * @param endUs      when it ended; 0 while it lasts
 * @param resent     requests sent again
 * @param failed     ops intended within it that failed
 * @param reconnects connections (mounts, sessions) made again
 * @param reopened   handles the server lost, opened or looked up again
 * @param lost       handles that could not be opened again
 */
public record Outage(long beginUs, long endUs, long resent, long failed, long reconnects, long reopened,
        long lost) implements java.io.Serializable {

    /** Whether it still lasted when it was sampled. */
    public boolean lasting() {
        return endUs == 0;
    }

    /** Outages of several clients as one list: those that overlap are one, from the first begin to the last end. */
    public static List<Outage> union(Collection<Outage> all) {
        List<Outage> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingLong(Outage::beginUs));
        List<Outage> out = new ArrayList<>();
        for (Outage o : sorted) {
            Outage last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && (last.lasting() || o.beginUs <= last.endUs)) {
                out.set(out.size() - 1, last.joined(o));
            } else {
                out.add(o);
            }
        }
        return List.copyOf(out);
    }

    private Outage joined(Outage o) {
        long end = lasting() || o.lasting() ? 0 : Math.max(endUs, o.endUs);
        return new Outage(Math.min(beginUs, o.beginUs), end, resent + o.resent, failed + o.failed,
                reconnects + o.reconnects, reopened + o.reopened, lost + o.lost);
    }
}
