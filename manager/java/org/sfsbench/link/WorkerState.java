package org.sfsbench.link;

/** Where a worker is in its current phase, as its agent reports it to the manager. */
public enum WorkerState {
    /** No phase started yet. */
    IDLE,
    /** The phase is running (WARMUP stays RUNNING past its duration until RUN starts). */
    RUNNING,
    /** The phase ended normally. */
    DONE,
    /** The engine stopped the phase with an error. */
    FAILED,
    /** The worker process exited or stopped answering: set by the agent, never sent by a worker. */
    DEAD
}
