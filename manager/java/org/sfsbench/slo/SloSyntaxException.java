package org.sfsbench.slo;

/** An SLO text that is not one; the message says what is wrong and what is allowed. */
public final class SloSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    public SloSyntaxException(String message) {
        super(message);
    }
}
