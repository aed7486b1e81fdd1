package org.sfsbench.engine;

import java.util.Locale;

/**
 * Which rules judge a result (the engine's SFS_RULES_*, docs/results.md "Verdicts"): SPECsfs2008's
 * run rules for a paced SFS load curve, else the checks of the workload's own kind, whose results
 * are never SPECsfs2008 results.
 */
public enum WorkloadRules {
    SPECSFS2008("SPECsfs2008 run rules"),
    ACCESS("access checks"),
    LOADFILE("loadfile checks"),
    TOP_SPEED("top-speed checks");

    private final String title;

    WorkloadRules(String title) {
        this.title = title;
    }

    /** The rules whose SFS_RULES_* (sfsengine.h, named as the constant) is {@code value}. */
    static WorkloadRules ofEngine(int value, String workload) {
        for (WorkloadRules r : values()) {
            if (EngineFacts.integer("SFS_RULES_" + r.name()) == value) {
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
