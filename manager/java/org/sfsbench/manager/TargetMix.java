package org.sfsbench.manager;

import java.util.LinkedHashMap;
import java.util.Map;

import org.sfsbench.engine.EngineCatalog;
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
        if (rc.mix() != null && !rc.mix().isEmpty()) {
            rc.mix().forEach((op, pct) -> out.put(names.id(op), pct.doubleValue()));
            return out;
        }
        out.putAll(EngineCatalog.get().workload(rc.workload()).standardMix());
        return out;
    }
}
