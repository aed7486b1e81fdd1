package org.sfsbench.link;

import org.sfsbench.engine.Phase;

/**
 * One message between an agent and a worker process; {@link WorkerLink} is the only code that
 * turns frames into bytes and back. The worker opens the conversation with {@link Hello}; after
 * that every frame from the agent is a request and the worker answers each with exactly one
 * reply:
 *
 * <pre>
 *   worker: Hello(token, pid)                  (first frame; the agent checks the token)
 *   Open(config)                       -> Ok | Err(message)
 *   Start(phase, seconds, atEpochMs)   -> Ok | Err(message)   (the worker waits until atEpochMs)
 *   Step(changes)                      -> Ok | Err(message)   (between phases: active procs, rate)
 *   StatusQuery                        -> StatusReport(phase, state, error, sample, phaseStartEpochUs)
 *   Stop                               -> Ok
 *   Validate(config)                   -> ValidationReport(failures, report)
 *   Close                              -> Ok, then the worker exits
 * </pre>
 */
public sealed interface Frame {

    /** The worker's first frame: proves it was started by this agent. */
    record Hello(String token, long pid) implements Frame {
    }

    /** Parse the engine config and open the backend for every proc (mount / connect). */
    record Open(String config) implements Frame {
    }

    /** Start {@code phase} at wall-clock {@code atEpochMs}; for INIT {@code seconds} is the timeout. */
    record Start(Phase phase, double seconds, long atEpochMs) implements Frame {
    }

    /**
     * Between phases: the next step of a stepped load point (key=value lines of sfs_engine_step:
     * active procs, rate), keeping the file set.
     */
    record Step(String changes) implements Frame {
    }

    /** Ask for the worker's state and cumulative counters. */
    record StatusQuery() implements Frame {
    }

    /** Stop load after the in-flight operations. */
    record Stop() implements Frame {
    }

    /** Run validation (-v) of an engine config. */
    record Validate(String config) implements Frame {
    }

    /** Close the engine and exit. */
    record Close() implements Frame {
    }

    /** The request succeeded. */
    record Ok() implements Frame {
    }

    /** The request failed; {@code message} is the engine's own. */
    record Err(String message) implements Frame {
    }

    /**
     * Answer to {@link StatusQuery}; {@code error} is "" unless the state is FAILED;
     * {@code phaseStartEpochUs} is when the worker started {@code phase} by its own clock (0: none yet).
     */
    record StatusReport(Phase phase, WorkerState state, String error, SparseWords sample, long phaseStartEpochUs)
            implements Frame {
    }

    /** Answer to {@link Validate}; {@code failures} < 0 means the target could not be opened. */
    record ValidationReport(int failures, String report) implements Frame {
    }
}
