package org.sfsbench.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit status of every {@code sfs} command: one table, printed by each command's --help. */
public final class ExitCodes {
    /** The command did what it was asked. */
    public static final int OK = 0;
    /**
     * It started and failed: a run ended early, an input file is unreadable or invalid, an output
     * could not be written, a file set could not be removed.
     */
    public static final int FAILED = 1;
    /** The command line or the rc file is wrong; nothing was started or written. */
    public static final int USAGE = 2;
    /** {@code run -v}: the server failed validation. */
    public static final int VALIDATION_FAILED = 3;
    /** {@code compare --fail-if}: a change passed the gate's threshold and the noise. */
    public static final int REGRESSION = 4;
    /** {@code compare}: the results measured different things (and --force was not given). */
    public static final int INCOMPARABLE = 5;

    private ExitCodes() {
    }

    /** The rows of the "Exit status" section of --help. */
    static Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(OK + "", "done");
        m.put(FAILED + "", "failed: the run ended early (cause printed, finished points kept), an input file is "
                + "unreadable or invalid, an output could not be written, or clean could not remove a file set");
        m.put(USAGE + "", "usage: the command line or the rc file is wrong; nothing was started");
        m.put(VALIDATION_FAILED + "", "run -v: the server failed validation");
        m.put(REGRESSION + "", "compare --fail-if: a change passed the threshold and the noise");
        m.put(INCOMPARABLE + "", "compare: the results measured different things (differences printed); --force"
                + " compares them anyway");
        return m;
    }
}
