package org.sfsbench.worker;

/**
 * Frames between an agent and its worker processes over a loopback socket the agent opens
 * (the worker's stdout/stderr stay free for native libraries' chatter, which goes to the client
 * log). Every frame is a request from the agent and exactly one reply from the worker.
 *
 * <pre>
 *   HELLO  token:UTF                          -> OK pid:long
 *   OPEN   config:bytes                       -> OK | ERR message
 *   START  phase:int seconds:double atMs:long -> OK | ERR message   (worker waits until atMs)
 *   STATUS                                    -> STATUS phase:int state:int error:UTF sample
 *   STEP   changes:bytes                      -> OK | ERR message   (between phases: active procs, rate)
 *   STOP                                      -> OK
 *   VALIDATE config:bytes                     -> VALID failures:int report:bytes
 *   CLOSE                                     -> OK, then the worker exits
 * </pre>
 */
public final class WorkerProtocol {
    public static final int HELLO = 1;
    public static final int OPEN = 2;
    public static final int START = 3;
    public static final int STATUS = 4;
    public static final int STOP = 5;
    public static final int VALIDATE = 6;
    public static final int CLOSE = 7;
    public static final int STEP = 8;

    public static final int R_OK = 100;
    public static final int R_ERR = 101;
    public static final int R_STATUS = 102;
    public static final int R_VALID = 103;

    /** Worker states in STATUS replies. */
    public static final int ST_IDLE = 0;
    public static final int ST_RUNNING = 1;
    public static final int ST_DONE = 2;
    public static final int ST_FAILED = 3;

    /** Environment variable carrying the connection token (never on the command line). */
    public static final String TOKEN_ENV = "SFS_WORKER_TOKEN";

    private WorkerProtocol() {
    }
}
