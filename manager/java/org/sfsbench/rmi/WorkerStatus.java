package org.sfsbench.rmi;

import java.io.Serializable;

import org.sfsbench.engine.Phase;
import org.sfsbench.link.SparseWords;
import org.sfsbench.link.WorkerState;

/**
 * One worker as its agent sees it: {@code error} says why a worker FAILED (its engine's
 * message) or is DEAD (its exit status or signal); {@code sample} is null for a DEAD worker.
 * {@code phaseStartEpochUs} is when the worker really started {@code phase}, in its own clock
 * (microseconds since the epoch; 0 before its first phase).
 */
public record WorkerStatus(int worker, long pid, Phase phase, WorkerState state, String error, SparseWords sample,
        long phaseStartEpochUs)
        implements Serializable {
}
