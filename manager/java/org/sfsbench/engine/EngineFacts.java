package org.sfsbench.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The engine's named numbers (sfsengine.h: sample layout, phases, states, key types, flags, and the
 * limits the engine enforces), read once through the catalog call {@code sfs_engine_fact_*} by the
 * name of their C macro. Java code names a fact; the number always comes from the loaded engine.
 */
public final class EngineFacts {
    private static final Map<String, Long> FACTS = read();

    private EngineFacts() {
    }

    private static Map<String, Long> read() {
        Map<String, Long> m = new LinkedHashMap<>();
        int n = NativeEngine.sfs_engine_fact_count();
        for (int i = 0; i < n; i++) {
            m.put(NativeEngine.sfs_engine_fact_name(i), NativeEngine.sfs_engine_fact_value(i));
        }
        return Collections.unmodifiableMap(m);
    }

    /** Every fact, by macro name, in the engine's order. */
    public static Map<String, Long> all() {
        return FACTS;
    }

    /** The fact called {@code name} (an SFS_* macro of sfsengine.h or a limit the engine declares). */
    public static long get(String name) {
        Long v = FACTS.get(name);
        if (v == null) {
            throw new UnsatisfiedLinkError("libsfsengine declares no fact " + name
                    + " (a library older than this jar?)");
        }
        return v;
    }

    /** {@link #get(String)} as an int (every layout offset, flag and limit fits). */
    public static int integer(String name) {
        return Math.toIntExact(get(name));
    }
}
