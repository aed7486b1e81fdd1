package org.sfsbench.stats;

import java.util.Arrays;

import org.sfsbench.engine.EngineCatalog;

/**
 * Names of the engine's abstract op ids. {@link #canonical()} is the engine's own table
 * (sfs_engine_op_name, through {@link EngineCatalog}); other tables serve results read back from files.
 */
public final class OpNames {
    private final String[] names;

    /** Table indexed by op id; null entries are ids without a name. */
    public OpNames(String[] names) {
        this.names = names.clone();
    }

    /** The engine's table (native/src/core/sfs_ops.c). */
    public static OpNames canonical() {
        return Canonical.TABLE;
    }

    /** Read from the engine on first use. */
    private static final class Canonical {
        static final OpNames TABLE = new OpNames(EngineCatalog.get().opNames().toArray(new String[0]));
    }
    /** Number of ids in the table. */
    public int size() {
        return names.length;
    }

    /** Name of {@code id}; "op&lt;id&gt;" for an id without a name, so output never loses an op. */
    public String name(int id) {
        if (id >= 0 && id < names.length && names[id] != null) {
            return names[id];
        }
        return "op" + id;
    }

    /** Id of {@code name} (case-insensitive), or -1. */
    public int id(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] != null && names[i].equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Copy of the table. */
    public String[] toArray() {
        return Arrays.copyOf(names, names.length);
    }
}
