package org.sfsbench.engine;

/** The engine's phases, with their SFS_PHASE_* numbers of sfsengine.h. */
public enum Phase {
    IDLE(0), INIT(1), WARMUP(2), RUN(3);

    private final int id;

    Phase(int id) {
        this.id = id;
    }

    /** The SFS_PHASE_* value. */
    public int id() {
        return id;
    }

    /** The phase numbered {@code id} in sfsengine.h. */
    public static Phase ofId(long id) {
        for (Phase p : values()) {
            if (p.id == id) {
                return p;
            }
        }
        throw new IllegalArgumentException("no engine phase " + id);
    }
}
