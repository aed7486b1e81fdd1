package org.sfsbench.rmi;

import java.io.Serializable;

import org.sfsbench.worker.SparseWords;

/**
 * One worker as its agent sees it. {@code state} uses the WorkerProtocol ST_* values plus
 * {@link #DEAD} for a worker process that exited unexpectedly; {@code error} says why.
 */
public record WorkerStatus(int worker, long pid, int phase, int state, String error, SparseWords sample)
        implements Serializable {
    public static final int DEAD = 9;
}
