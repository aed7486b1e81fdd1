package org.sfsbench.testsupport;

import java.util.List;
import java.util.Map;

/**
 * The SPECsfs2008 User's Guide's own tables (the seed document), typed in once so that tests
 * compare the engine's facts with the guide instead of with themselves.
 */
public final class GuideTables {
    /** Guide 2.2.1, the SPECsfs2008 column of the NFS Version 3 operation table (percent). */
    public static final Map<String, Double> NFS_MIX = Map.ofEntries(Map.entry("lookup", 24.0),
            Map.entry("read", 18.0), Map.entry("write", 10.0), Map.entry("getattr", 26.0),
            Map.entry("readlink", 1.0), Map.entry("readdir", 1.0), Map.entry("create", 1.0),
            Map.entry("remove", 1.0), Map.entry("fsstat", 1.0), Map.entry("setattr", 4.0),
            Map.entry("readdirplus", 2.0), Map.entry("access", 11.0));

    /** Guide 2.2.2, the CIFS operations table, in its order. */
    public static final List<String> CIFS_OPS = List.of("ECHO", "LOCKING_ANDX", "NT_TRANSACT_QUERY_SECURITY_DESC",
            "READ_ANDX", "TRANS2_QUERY_FS_INFORMATION", "TRANS2_QUERY_FILE_INFORMATION",
            "TRANS2_QUERY_PATH_INFORMATION", "TRANS2_SET_FILE_INFORMATION", "TRANS2_FIND_FIRST2", "WRITE_ANDX",
            "NT_CREATE_ANDX", "CLOSE", "FLUSH");

    /** Guide 2.2.2, the percent of each of {@link #CIFS_OPS}. */
    public static final List<Double> CIFS_MIX = List.of(0.5, 1.1, 1.6, 20.5, 1.6, 12.9, 21.5, 3.2, 8.6, 8.6, 9.7,
            9.7, 0.5);

    /** Guide 4 (MIXFILE), "The operation names are: ...", in its order. */
    public static final List<String> MIXFILE_OPS = List.of("null", "getattr", "setattr", "root", "lookup",
            "readlink", "read", "wrcache", "write", "create", "remove", "rename", "link", "symlink", "mkdir", "rmdir",
            "readdir", "fsstat", "access", "commit", "fsinfo", "mknod", "pathconf", "readdirplus");

    private GuideTables() {
    }
}
