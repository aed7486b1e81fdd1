package org.sfsbench.manager;

/** Ends a run early; the message names the client/proc and the cause, for every result file. */
public final class RunAbortedException extends Exception {
    private static final long serialVersionUID = 1L;

    public RunAbortedException(String message) {
        super(message);
    }
}
