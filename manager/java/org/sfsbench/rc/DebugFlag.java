package org.sfsbench.rc;

import java.util.Set;
import java.util.TreeSet;

/** The DEBUG flags of guide Table 3 (values 1..13). Any flag makes a run non-disclosable. */
public enum DebugFlag {
    DEBUG_NEW_CODE(1),
    DEBUG_PARENT_GENERAL(2),
    DEBUG_PARENT_SIGNAL(3),
    DEBUG_CHILD_ERROR(4),
    DEBUG_CHILD_SIGNAL(5),
    DEBUG_CHILD_XPOINT(6),
    DEBUG_CHILD_GENERAL(7),
    DEBUG_CHILD_OPS(8),
    DEBUG_CHILD_FILES(9),
    DEBUG_CHILD_RPC(10),
    DEBUG_CHILD_TIMING(11),
    DEBUG_CHILD_SETUP(12),
    DEBUG_CHILD_FIT(13);

    public static final int MIN = 1;
    public static final int MAX = 13;

    private final int value;

    DebugFlag(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    public static DebugFlag of(int value) {
        return values()[value - 1];
    }

    /**
     * Parses the guide's syntax: comma-separated values and ranges, "3,4,8-10" = {3,4,8,9,10}.
     *
     * @throws IllegalArgumentException naming the bad element
     */
    public static Set<Integer> parseList(String text) {
        Set<Integer> flags = new TreeSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            if (!p.matches("\\d{1,3}(-\\d{1,3})?")) {
                throw new IllegalArgumentException("'" + p + "' is neither a flag number nor a range low-high");
            }
            int dash = p.indexOf('-');
            int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1));
            if (lo > hi) {
                throw new IllegalArgumentException("range '" + p + "' runs downwards");
            }
            if (lo < MIN || hi > MAX) {
                throw new IllegalArgumentException("flag " + (lo < MIN ? lo : hi) + " does not exist");
            }
            for (int f = lo; f <= hi; f++) {
                flags.add(f);
            }
        }
        return flags;
    }
}
