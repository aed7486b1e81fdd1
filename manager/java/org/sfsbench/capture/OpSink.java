package org.sfsbench.capture;

import java.io.IOException;

/** What receives the ops of each client in the order the client sent them. */
public interface OpSink {
    void accept(CapturedOp op) throws IOException;
}
