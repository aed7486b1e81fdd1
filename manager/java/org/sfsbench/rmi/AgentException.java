package org.sfsbench.rmi;

/** A failure on an agent with a message meant for the user (names client, proc and cause). */
public final class AgentException extends Exception {
    private static final long serialVersionUID = 1L;

    public AgentException(String message) {
        super(message);
    }
}
