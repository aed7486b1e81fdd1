package org.sfsbench.manager;

import java.util.LinkedHashMap;
import java.util.Map;

import org.sfsbench.engine.Engine;
import org.sfsbench.access.AccessSpec;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.stats.OpNames;

/**
 * The op mix a run asks for, by engine op id: the rc MIXFILE, the access spec's reads and writes, else
 * the workload's mix from the engine (none for a loadfile replay, whose lines are the load).
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
        // the workload's standard mix, or the one its keys make (seqwrite), as the engine computes it
        out.putAll(Engine.targetMix(EngineConfigs.sizing(rc, rc.procs()).render()));
        return out;
    }

    /** An access spec's shares of read and write transfers. */
    public static Map<Integer, Double> ofAccess(AccessSpec spec, OpNames names) {
        Map<Integer, Double> out = new LinkedHashMap<>();
        out.put(names.id("read"), spec.readPct());
        out.put(names.id("wrcache"), 100 - spec.readPct());
        return out;
    }
}
