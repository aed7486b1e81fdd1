package org.sfsbench.manager;

import org.sfsbench.rmi.AgentInfo;
import org.sfsbench.rmi.AgentService;

/** One load-generating client as the manager sees it: its number, name, agent address and stub. */
record ClientSession(int number, String name, String host, int port, AgentService agent, AgentInfo info) {
    String label() {
        return "client " + number + " (" + name + ")";
    }
}
