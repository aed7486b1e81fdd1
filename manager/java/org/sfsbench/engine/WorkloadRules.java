package org.sfsbench.engine;

import java.util.Locale;

/**
 * Which rules judge a result (the engine's SFS_RULES_*, docs/results.md "Verdicts"): SPECsfs2008's
 * run rules for a paced SFS load curve, else the checks of the workload's own kind, whose results
 * are never SPECsfs2008 results.
 */
public enum WorkloadRules {
    SPECSFS2008(1, "SPECsfs2008 run rules"),
    ACCESS(2, "access checks"),
    LOADFILE(3, "loadfile checks"),
    TOP_SPEED(4, "top-speed checks");

    private final int engineValue;
    private final String title;

    WorkloadRules(int engineValue, String title) {
        this.engineValue = engineValue;
        this.title = title;
    }

    /** The value of SFS_RULES_* in sfsengine.h. */
    static WorkloadRules ofEngine(int value, String workload) {
        for (WorkloadRules r : values()) {
            if (r.engineValue == value) {
                return r;
            }
        }
        throw new IllegalStateException("the engine gives workload " + workload + " no known rules (" + value + ")");
    }

    /** The name in the result document: sfs2008, access, loadfile, top-speed. */
    public String id() {
        return this == SPECSFS2008 ? "sfs2008" : name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The value of {@link #id()}, or null. */
    public static WorkloadRules ofId(String id) {
        for (WorkloadRules r : values()) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        return null;
    }

    /** "access checks", the heading of the checks' list. */
    public String title() {
        return title;
    }

    /**
     * The rules of a run: the workload's, except that an unpaced (LOAD=max) run of an SFS workload
     * is a top-speed measurement, not a load curve.
     */
    public WorkloadRules forRun(boolean unpaced) {
        return this == SPECSFS2008 && unpaced ? TOP_SPEED : this;
    }
}
