package org.sfsbench.manager;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Secrets;

/**
 * Finds or starts the agent of every CLIENTS entry. Entries naming this machine (localhost, a
 * 127.x address, ::1, or this host's own name) get an agent process started here, one per entry
 * on consecutive ports from AGENT_PORT; other hosts must run {@code sfs agent} on AGENT_PORT.
 */
final class Clients implements AutoCloseable {
    private static final long LOCAL_START_WAIT_MS = 60_000;
    private static final long REMOTE_WAIT_MS = 10_000;

    private final List<ClientSession> sessions = new ArrayList<>();
    private final LocalAgents local;

    private Clients(LocalAgents local) {
        this.local = local;
    }

    static Clients connect(List<String> names, int basePort, Path agentLogDir, Path secretFile)
            throws RunAbortedException {
        Clients c = new Clients(new LocalAgents(agentLogDir));
        try {
            String remoteSecret = null;
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                int number = i + 1;
                String host;
                int port;
                String secret;
                if (isLocal(name)) {
                    host = name.startsWith("127.") ? name : "127.0.0.1";
                    port = basePort + i;
                    c.local.start(host, port, number);
                    secret = c.local.secret();
                } else {
                    host = name;
                    port = basePort;
                    if (remoteSecret == null) {
                        remoteSecret = Secrets.load(secretFile);
                    }
                    secret = remoteSecret;
                }
                AgentService a = AgentClient.connect(host, port, secret, isLocal(name) ? LOCAL_START_WAIT_MS : REMOTE_WAIT_MS);
                c.sessions.add(new ClientSession(number, name, host, port, a, a.info()));
            }
            return c;
        } catch (AgentException | IOException e) {
            c.close();
            throw new RunAbortedException(e.getMessage() + " (agent console output: " + agentLogDir + ")");
        }
    }

    List<ClientSession> sessions() {
        return sessions;
    }

    static boolean isLocal(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("localhost") || n.startsWith("127.") || n.equals("::1") || n.equals("[::1]")) {
            return true;
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            return n.equalsIgnoreCase(self.getHostName()) || n.equalsIgnoreCase(self.getCanonicalHostName());
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Asks agents we started to exit, then reaps them. Remote agents keep running. */
    @Override
    public void close() {
        for (ClientSession s : sessions) {
            if (isLocal(s.name())) {
                try {
                    s.agent().shutdown();
                } catch (RemoteException e) {
                    // already gone: reaped below
                }
            }
        }
        local.close();
    }

    void killLocal() {
        local.killAll();
    }
}
