package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.List;

/**
 * How the manager reaches the agents of other hosts: who starts them (AGENT_START), over which
 * ssh account (SSH_USER, SSH_PORT, SSH_IDENTITY, SSH_CONFIG), from which installed tree (SFS_DIR
 * as written in the rc file, a path on the clients), and whether connections use TLS (AGENT_TLS).
 * The entries of CLIENTS in WINDOWS_CLIENTS are Windows hosts, whose tree is WINDOWS_SFS_DIR (a
 * Windows path) and whose ssh server runs commands through cmd.exe. Null fields were not set.
 */
public record AgentAccess(Start start, String sshUser, Integer sshPort, Path sshIdentity, Path sshConfig, Tls tls,
        String sfsDir, List<String> windowsClients, String windowsSfsDir) {

    public AgentAccess {
        windowsClients = List.copyOf(windowsClients);
    }

    /** AGENT_START. */
    public enum Start { SSH, MANUAL }

    /** AGENT_TLS. */
    public enum Tls { ON, OFF }

    /**
     * Whether a remote client's agent is started over ssh: AGENT_START, else ssh exactly when SFS_DIR
     * (or WINDOWS_SFS_DIR) is set.
     */
    public boolean sshLaunch() {
        return start != null ? start == Start.SSH : sfsDir != null || windowsSfsDir != null;
    }

    /** Whether the client of this CLIENTS entry is a Windows host (WINDOWS_CLIENTS). */
    public boolean windows(String client) {
        return windowsClients.contains(client);
    }

    /** Whether the connection to a client uses TLS: AGENT_TLS, else on for other hosts and off on loopback. */
    public boolean tlsFor(boolean loopback) {
        return tls != null ? tls == Tls.ON : !loopback;
    }

    public static AgentAccess defaults() {
        return new AgentAccess(null, null, null, null, null, null, null, List.of(), null);
    }
}
