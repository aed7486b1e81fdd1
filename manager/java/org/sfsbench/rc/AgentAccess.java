package org.sfsbench.rc;

import java.nio.file.Path;

/**
 * How the manager reaches the agents of other hosts: who starts them (AGENT_START), over which
 * ssh account (SSH_USER, SSH_PORT, SSH_IDENTITY, SSH_CONFIG), from which installed tree (SFS_DIR
 * as written in the rc file, a path on the clients), and whether connections use TLS (AGENT_TLS).
 * Null fields were not set.
 */
public record AgentAccess(Start start, String sshUser, Integer sshPort, Path sshIdentity, Path sshConfig, Tls tls,
        String sfsDir) {

    /** AGENT_START. */
    public enum Start { SSH, MANUAL }

    /** AGENT_TLS. */
    public enum Tls { ON, OFF }

    /** Whether a remote client's agent is started over ssh: AGENT_START, else ssh exactly when SFS_DIR is set. */
    public boolean sshLaunch() {
        return start != null ? start == Start.SSH : sfsDir != null;
    }

    /** Whether the connection to a client uses TLS: AGENT_TLS, else on for other hosts and off on loopback. */
    public boolean tlsFor(boolean loopback) {
        return tls != null ? tls == Tls.ON : !loopback;
    }

    public static AgentAccess defaults() {
        return new AgentAccess(null, null, null, null, null, null, null);
    }
}
