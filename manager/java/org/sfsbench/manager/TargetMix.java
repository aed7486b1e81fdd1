package org.sfsbench.manager;

import java.util.LinkedHashMap;
import java.util.Map;

import org.sfsbench.access.AccessSpec;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.stats.OpNames;

/** The op mix a run asks for, by engine op id: the guide's tables or the rc MIXFILE. */
public final class TargetMix {
    private TargetMix() {
    }

    /** SPECsfs2008 NFSv3 column of guide 2.2.1 (READ/WRITE as logical ops). */
    static final String[][] NFS_2008 = {
        {"lookup", "24"}, {"read", "18"}, {"write", "10"}, {"getattr", "26"}, {"readlink", "1"},
        {"readdir", "1"}, {"create", "1"}, {"remove", "1"}, {"fsstat", "1"}, {"setattr", "4"},
        {"readdirplus", "2"}, {"access", "11"}};

    /** SPECsfs2008 CIFS table of guide 2.2.2. */
    static final String[][] CIFS_2008 = {
        {"ECHO", "0.5"}, {"LOCKING_ANDX", "1.1"}, {"NT_TRANSACT_QUERY_SECURITY_DESC", "1.6"},
        {"READ_ANDX", "20.5"}, {"TRANS2_QUERY_FS_INFORMATION", "1.6"}, {"TRANS2_QUERY_FILE_INFORMATION", "12.9"},
        {"TRANS2_QUERY_PATH_INFORMATION", "21.5"}, {"TRANS2_SET_FILE_INFORMATION", "3.2"},
        {"TRANS2_FIND_FIRST2", "8.6"}, {"WRITE_ANDX", "8.6"}, {"NT_CREATE_ANDX", "9.7"}, {"CLOSE", "9.7"},
        {"FLUSH", "0.5"}};

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
            case "randread", "seqread" -> {
                out.put(names.id("read"), 100.0);
                return out;
            }
            case "seqwrite" -> {
                seqwrite(rc, names, out);
                return out;
            }
            default -> {
            }
        }
        String[][] table = "sfs2008-cifs".equals(rc.workload()) ? CIFS_2008 : NFS_2008;
        for (String[] e : table) {
            out.put(names.id(e[0]), Double.parseDouble(e[1]));
        }
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
