package org.sfsbench.rmi;

import java.io.Serializable;

/** Identity of an agent, shown in logs and results. */
public record AgentInfo(String host, long pid, String engineVersion, int cores) implements Serializable {
}
