package org.sfsbench.manager;

import java.util.concurrent.atomic.AtomicBoolean;

import org.sfsbench.rmi.AgentInfo;
import org.sfsbench.rmi.AgentService;

/**
 * One load-generating client as the manager sees it: its number, name, agent address and stub,
 * and whether its agent stopped answering (then clean-up calls skip it instead of waiting).
 */
record ClientSession(int number, String name, String host, int port, AgentService agent, AgentInfo info,
        AtomicBoolean unresponsive) {
    ClientSession(int number, String name, String host, int port, AgentService agent, AgentInfo info) {
        this(number, name, host, port, agent, info, new AtomicBoolean());
    }

    String label() {
        return "client " + number + " (" + name + ")";
    }

    void markGone() {
        unresponsive.set(true);
    }

    boolean gone() {
        return unresponsive.get();
    }
}
