package org.sfsbench.capture;

/** A capture that cannot be converted: the message names the file and why. */
public final class CaptureException extends Exception {
    private static final long serialVersionUID = 1L;

    public CaptureException(String message) {
        super(message);
    }
}
