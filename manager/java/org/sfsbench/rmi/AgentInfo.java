package org.sfsbench.rmi;

import java.io.Serializable;

/** Identity of an agent, shown in logs and results; {@code build} must match the manager's. */
public record AgentInfo(String host, long pid, String engineVersion, int cores, String build) implements Serializable {
}
