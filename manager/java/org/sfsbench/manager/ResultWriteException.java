package org.sfsbench.manager;

/**
 * A result file could not be written (a full or read-only results disk): the run ends on it. The
 * message is one line, "cannot write FILE: CAUSE", and is all the user needs (no stack trace).
 */
public final class ResultWriteException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ResultWriteException(String message) {
        super(message);
    }
}
