package org.sfsbench.rmi;

import java.io.Serializable;
import java.util.List;

/**
 * An agent's answer to a status call: its own wall-clock time when it answered (microseconds since
 * the epoch; the manager estimates the agent's clock offset from it) and its workers' statuses.
 */
public record AgentStatus(long agentEpochUs, List<WorkerStatus> workers) implements Serializable {
}
