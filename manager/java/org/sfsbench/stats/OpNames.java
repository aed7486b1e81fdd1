package org.sfsbench.stats;

import java.util.Arrays;

/**
 * Names of the engine's abstract op ids. The engine reports them (sfs_engine_op_name); the caller
 * that holds the JNA binding builds a table from it, or uses {@link #canonical()}, which mirrors
 * native/src/core/sfs_ops.h: ids 0..23 are the SFS MIXFILE names in the guide's order, 24..36 the
 * operations of the guide's CIFS table.
 */
public final class OpNames {
    private static final String[] CANONICAL = {
        "null", "getattr", "setattr", "root", "lookup", "readlink", "read", "wrcache", "write", "create",
        "remove", "rename", "link", "symlink", "mkdir", "rmdir", "readdir", "fsstat", "access", "commit",
        "fsinfo", "mknod", "pathconf", "readdirplus",
        "ECHO", "LOCKING_ANDX", "NT_TRANSACT_QUERY_SECURITY_DESC", "READ_ANDX", "TRANS2_QUERY_FS_INFORMATION",
        "TRANS2_QUERY_FILE_INFORMATION", "TRANS2_QUERY_PATH_INFORMATION", "TRANS2_SET_FILE_INFORMATION",
        "TRANS2_FIND_FIRST2", "WRITE_ANDX", "NT_CREATE_ANDX", "CLOSE", "FLUSH",
    };
    private static final OpNames CANONICAL_TABLE = new OpNames(CANONICAL);

    private final String[] names;

    /** Table indexed by op id; null entries are ids without a name. */
    public OpNames(String[] names) {
        this.names = names.clone();
    }

    /** The table of native/src/core/sfs_ops.h (ids 0..36). */
    public static OpNames canonical() {
        return CANONICAL_TABLE;
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
