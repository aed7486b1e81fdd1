package org.sfsbench.rmi;

import java.io.Serializable;

/**
 * Identity of an agent, shown in logs and results; {@code build} must match the manager's; {@code os} is
 * its JVM's {@code os.name} and {@code os.arch} (e.g. "Linux amd64", "Windows 10 amd64").
 */
public record AgentInfo(String host, long pid, String engineVersion, int cores, String build, String os)
        implements Serializable {
}
