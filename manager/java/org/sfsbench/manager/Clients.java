package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;

import org.sfsbench.rc.LocalFolders;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Secrets;

/**
 * Finds or starts the agent of every CLIENTS entry. Entries naming this machine (localhost, a
 * 127.x address, ::1, or this host's own name) get an agent process started here, one per entry
 * on consecutive ports from AGENT_PORT, bound to loopback; other hosts must run {@code sfs agent}
 * on AGENT_PORT themselves, and the manager never stops those.
 */
final class Clients implements AutoCloseable {
    private static final long LOCAL_START_WAIT_MS = 60_000;
    private static final long REMOTE_WAIT_MS = 5_000; // a hand-started agent is up already

    private final List<ClientSession> sessions = new ArrayList<>();
    private final LocalAgents local;

    private Clients(LocalAgents local) {
        this.local = local;
    }

    static Clients connect(List<String> names, int basePort, Path agentLogDir, Path secretFile)
            throws RunAbortedException {
        Clients c = new Clients(new LocalAgents(agentLogDir));
        ClientSession[] found = new ClientSession[names.size()];
        try {
            // hand-started agents first: a missing one fails the run before anything is started here
            String remoteSecret = null;
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                if (isLocal(name)) {
                    continue;
                }
                if (remoteSecret == null) {
                    remoteSecret = Secrets.load(secretFile);
                }
                found[i] = login(i + 1, name, name, basePort, remoteSecret, REMOTE_WAIT_MS, () -> true,
                        "; on that host run: SFS_AGENT_SECRET=<this prime client's secret> sfs agent --bind " + name
                                + " --port " + basePort + " (see docs/running.md, Clients on other hosts)");
            }
            // agents of this machine listen on loopback only, so their ports cannot meet a remote agent's
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                if (!isLocal(name)) {
                    continue;
                }
                String host = name.startsWith("127.") ? name : "127.0.0.1";
                int port = basePort + i;
                Process p = c.local.start(host, port, i + 1);
                found[i] = login(i + 1, name, host, port, c.local.secret(), LOCAL_START_WAIT_MS, p::isAlive,
                        " (agent console output: " + c.local.consoleLog(i + 1) + ")");
            }
        } catch (AgentException | IOException e) {
            c.sessions.addAll(Arrays.stream(found).filter(Objects::nonNull).toList());
            c.close();
            throw new RunAbortedException(e.getMessage());
        }
        c.sessions.addAll(List.of(found));
        return c;
    }

    private static ClientSession login(int number, String name, String host, int port, String secret, long waitMs,
            BooleanSupplier starting, String hint) throws AgentException {
        String label = "client " + number + " (" + name + ")";
        AgentService a = AgentClient.connect(label, host, port, secret, waitMs, starting, hint);
        try {
            return new ClientSession(number, name, host, port, a, a.info());
        } catch (RemoteException e) {
            throw new AgentException(label + ": the agent at " + host + ":" + port + " stopped answering: "
                    + AgentClient.rootMessage(e));
        }
    }

    List<ClientSession> sessions() {
        return sessions;
    }

    static boolean isLocal(String name) {
        return LocalFolders.isThisMachine(name);
    }

    /** Asks agents we started to exit, then reaps them. Remote agents keep running. */
    @Override
    public void close() {
        for (ClientSession s : sessions) {
            if (isLocal(s.name()) && !s.gone()) {
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
