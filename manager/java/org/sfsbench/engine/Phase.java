package org.sfsbench.engine;

/** The engine's phases; their numbers are the engine's SFS_PHASE_* facts. */
public enum Phase {
    IDLE("SFS_PHASE_IDLE"), INIT("SFS_PHASE_INIT"), WARMUP("SFS_PHASE_WARMUP"), RUN("SFS_PHASE_RUN");

    private final int id;

    Phase(String fact) {
        this.id = EngineFacts.integer(fact);
    }

    /** The SFS_PHASE_* value. */
    public int id() {
        return id;
    }

    /** The phase numbered {@code id} by the engine. */
    public static Phase ofId(long id) {
        for (Phase p : values()) {
            if (p.id == id) {
                return p;
            }
        }
        throw new IllegalArgumentException("no engine phase " + id);
    }
}
