package org.sfsbench.engine;

/** An error reported by libsfsengine (bad config key, mount failure, INIT failure, dead server...). */
public final class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }
}
