package org.sfsbench.manager;

import java.util.LinkedHashMap;
import java.util.Map;

import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.access.AccessSpec;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.stats.OpNames;

/**
 * The op mix a run asks for, by engine op id: the rc MIXFILE, else the workload's standard mix from the
 * engine catalog (none for a loadfile replay, whose lines are the load).
 */
public final class TargetMix {
    private TargetMix() {
    }

    public static Map<Integer, Double> of(RunConfig rc, OpNames names) {
        Map<Integer, Double> out = new LinkedHashMap<>();
        if (rc.access() != null) {
            return ofAccess(rc.access().specs().get(0), names);
        }
        if (rc.loadfile() != null) {
            return out;   // a replay has no target mix: the loadfile's lines are the load
        }
        if (rc.mix() != null && !rc.mix().isEmpty()) {
            rc.mix().forEach((op, pct) -> out.put(names.id(op), pct.doubleValue()));
            return out;
        }
        switch (rc.workload()) {
            case "seqwrite" -> {
                seqwrite(rc, names, out);
                return out;
            }
            default -> {
            }
        }
        out.putAll(EngineCatalog.get().workload(rc.workload()).standardMix());
        return out;
    }

    /**
     * seqwrite writes each file in whole transfers (wrcache, the last one a committing write),
     * then removes and creates it (workload_seqwrite.c).
     */
    private static void seqwrite(RunConfig rc, OpNames names, Map<Integer, Double> out) {
        long xfer = rc.topSpeed().xferSize() > 0 ? rc.topSpeed().xferSize() : 1 << 20;
        long files = rc.fileCount() > 0 ? rc.fileCount() : rc.procs();
        double chunks = Math.max(1, rc.topSpeed().workingSet() / files / xfer);
        double all = chunks + 2;
        out.put(names.id("wrcache"), 100.0 * (chunks - 1) / all);
        out.put(names.id("write"), 100.0 / all);
        out.put(names.id("remove"), 100.0 / all);
        out.put(names.id("create"), 100.0 / all);
    }

    /** An access spec's shares of read and write transfers. */
    public static Map<Integer, Double> ofAccess(AccessSpec spec, OpNames names) {
        Map<Integer, Double> out = new LinkedHashMap<>();
        out.put(names.id("read"), spec.readPct());
        out.put(names.id("wrcache"), 100 - spec.readPct());
        return out;
    }
}
