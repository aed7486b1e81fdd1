package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.sfsbench.launch.BuildId;
import org.sfsbench.launch.JavaProcess;
import org.sfsbench.launch.SshLaunch;
import org.sfsbench.rc.AgentAccess;
import org.sfsbench.rc.ClientAddress;
import org.sfsbench.rc.LocalFolders;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;
import org.sfsbench.tls.CertificateAuthority;
import org.sfsbench.tls.TlsIdentity;

/**
 * Finds or starts the agent of every CLIENTS entry. Entries naming this machine (localhost, a
 * 127.x address, ::1, or this host's own name) get an agent process started here on a free
 * loopback port; other hosts get one started over ssh (AGENT_START=ssh) or run their own
 * (manual: by hand or as a service) on AGENT_PORT; a host:port entry is an agent that runs
 * already on that port. Agents the manager started stop with the run; the others only see this
 * manager log out.
 */
final class Clients implements AutoCloseable {
    private static final long LOCAL_START_WAIT_MS = 60_000;
    private static final long SSH_START_WAIT_MS = 60_000;
    private static final long REMOTE_WAIT_MS = 5_000; // a hand-started agent is up already
    /** Per-run TLS material outlives no run. */
    private static final Duration RUN_VALIDITY = Duration.ofDays(2);

    private final List<ClientSession> sessions = new ArrayList<>();
    private final List<ClientSession> launched = new ArrayList<>();
    private final LaunchedAgents agents;

    private Clients(LaunchedAgents agents) {
        this.agents = agents;
    }

    /** Where the manager's own key and the installation's CA are. */
    static Path installedTls() {
        return Path.of(System.getProperty("sfs.home", "."), "policy", "tls");
    }

    static Clients connect(List<String> names, int agentPort, AgentAccess access, Path agentLogDir, Path secretFile)
            throws RunAbortedException {
        Clients c = new Clients(new LaunchedAgents(agentLogDir));
        ClientSession[] found = new ClientSession[names.size()];
        boolean[] byUs = new boolean[names.size()];
        try {
            boolean manualTls = false;
            boolean launchedTls = false;
            for (String name : names) {
                boolean local = isLocal(name);
                boolean tls = access.tlsFor(local);
                if (ClientAddress.of(name).hasPort() || (!local && !access.sshLaunch())) {
                    manualTls |= tls;
                } else {
                    launchedTls |= tls;
                }
            }
            CertificateAuthority runCa = null;
            List<TlsIdentity> mine = new ArrayList<>();
            if (launchedTls) {
                runCa = CertificateAuthority.create("sfsbench run CA", RUN_VALIDITY);
                mine.add(runCa.issue("sfsbench manager", RUN_VALIDITY));
            }
            if (manualTls) {
                mine.add(TlsIdentity.load(installedTls()));
            }
            if (!mine.isEmpty()) {
                SocketFactories.TlsClient.use(TlsIdentity.context(mine));
            }
            // agents that run already, then those of other hosts: a missing one fails the run before
            // anything is started here. ssh-started ones start all at once (an agent JVM takes seconds
            // to start: one after the other, 32 hosts took minutes); every start has ended before the
            // first failure, in CLIENTS order, is reported, so close() finds every process that was started
            String remoteSecret = null;
            Map<Integer, Future<ClientSession>> starting = new TreeMap<>();
            ExecutorService pool = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "agent-start");
                t.setDaemon(true);
                return t;
            });
            try {
                for (int i = 0; i < names.size(); i++) {
                    String name = names.get(i);
                    if (isLocal(name) || !access.sshLaunch() || ClientAddress.of(name).hasPort()) {
                        continue;
                    }
                    int number = i + 1;
                    boolean tls = access.tlsFor(false);
                    String pem = tls ? runCa.issue(name, RUN_VALIDITY).toPem() : null;
                    starting.put(i, pool.submit(() -> c.launchOverSsh(name, number, access, agentPort, tls, pem)));
                }
                for (Future<ClientSession> f : starting.values()) {
                    awaitStart(f);
                }
            } finally {
                pool.shutdown();
            }
            Exception failed = null;
            for (Map.Entry<Integer, Future<ClientSession>> e : starting.entrySet()) {
                try {
                    found[e.getKey()] = c.startedSession(e.getValue());
                    byUs[e.getKey()] = true;
                } catch (AgentException | IOException ex) {
                    failed = failed == null ? ex : failed;
                }
            }
            if (failed instanceof AgentException a) {
                throw a;
            } else if (failed instanceof IOException io) {
                throw io;
            }
            for (int i = 0; i < names.size(); i++) {
                ClientAddress at = ClientAddress.of(names.get(i));
                if (!at.hasPort()) {
                    continue;
                }
                if (remoteSecret == null) {
                    remoteSecret = Secrets.load(secretFile);
                }
                boolean tls = access.tlsFor(isLocal(at.host()));
                found[i] = login(i + 1, names.get(i), at.host(), at.port(), remoteSecret, tls, REMOTE_WAIT_MS, () -> true,
                        "; an entry host:port names an agent that runs there already: sfs agent --bind " + at.host()
                                + " --port " + at.port() + (tls ? "" : " --tls off") + " (docs/running.md, Many clients)");
            }
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                if (isLocal(name) || access.sshLaunch() || ClientAddress.of(name).hasPort()) {
                    continue;
                }
                if (remoteSecret == null) {
                    remoteSecret = Secrets.load(secretFile);
                }
                boolean tls = access.tlsFor(false);
                found[i] = login(i + 1, name, name, agentPort, remoteSecret, tls, REMOTE_WAIT_MS, () -> true,
                        "; on that host run: sfs agent --bind " + name + " --port " + agentPort
                                + (tls ? "" : " --tls off") + " (see docs/running.md, Clients on other hosts)");
            }
            // agents of this machine listen on loopback only, on ports the system picks free
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                if (!isLocal(name) || ClientAddress.of(name).hasPort()) {
                    continue;
                }
                String host = name.startsWith("127.") ? name : "127.0.0.1";
                String label = "client " + (i + 1) + " (" + name + ")";
                boolean tls = access.tlsFor(true);
                Path work = agentLogDir.resolve(String.format("client%04d", i + 1));
                List<String> cmd = JavaProcess.command(List.of("-Xmx256m", "-XX:+UseSerialGC"),
                        List.of("agent", "--launched", "--bind", host, "--port", "0", "--work-dir", work.toString()));
                LaunchedAgents.Started s = c.agents.start(cmd, tls ? runCa.issue("localhost", RUN_VALIDITY).toPem() : null,
                        i + 1, label, LOCAL_START_WAIT_MS);
                found[i] = login(i + 1, name, host, s.port(), c.agents.secret(), tls, LOCAL_START_WAIT_MS,
                        s.process()::isAlive, " (agent console output: " + c.agents.consoleLog(i + 1) + ")");
                byUs[i] = true;
            }
            for (ClientSession s : found) {
                if (!s.info().build().equals(BuildId.current())) {
                    throw new AgentException(s.label() + ": its agent runs sfsbench build " + s.info().build()
                            + ", this manager build " + BuildId.current() + "; install the same tree on every client"
                            + " (sfs install)");
                }
            }
        } catch (AgentException | IOException | IllegalStateException e) {
            c.keep(found, byUs);
            c.close();
            throw new RunAbortedException(e.getMessage());
        }
        c.keep(found, byUs);
        return c;
    }

    private void keep(ClientSession[] found, boolean[] byUs) {
        for (int i = 0; i < found.length; i++) {
            if (found[i] != null) {
                sessions.add(found[i]);
                if (byUs[i]) {
                    launched.add(found[i]);
                }
            }
        }
    }

    /** Starts the agent of remote client {@code number} over ssh and logs in to it. */
    private ClientSession launchOverSsh(String name, int number, AgentAccess access, int agentPort, boolean tls,
            String pem) throws AgentException, IOException {
        boolean windows = access.windows(name);
        String tree = windows ? access.windowsSfsDir() : access.sfsDir();
        List<String> cmd = windows
                ? SshLaunch.windowsCommand(name, access.sshUser(), access.sshPort(), access.sshIdentity(),
                        access.sshConfig(), tree, agentPort)
                : SshLaunch.command(name, access.sshUser(), access.sshPort(), access.sshIdentity(),
                        access.sshConfig(), tree, agentPort);
        String label = "client " + number + " (" + name + ")";
        LaunchedAgents.Started s = startOverSsh(cmd, pem, number, label, tree, windows);
        return login(number, name, name, s.port(), agents.secret(), tls, SSH_START_WAIT_MS, s.process()::isAlive,
                " (agent output: " + agents.consoleLog(number) + ")");
    }

    /** Waits for a start to end, however it ends. */
    private static void awaitStart(Future<ClientSession> f) {
        try {
            f.get();
        } catch (ExecutionException e) {
            // reported in CLIENTS order by startedSession
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The session of an ended start, or its failure. */
    private ClientSession startedSession(Future<ClientSession> f) throws AgentException, IOException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AgentException a) {
                throw a;
            }
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while starting the agents");
        }
    }

    /** Starts the agent of a remote client over ssh, naming the cause when ssh or the tree fails. */
    private LaunchedAgents.Started startOverSsh(List<String> cmd, String tlsPem, int number, String label,
            String sfsDir, boolean windows) throws AgentException, IOException {
        try {
            return agents.start(cmd, tlsPem, number, label, SSH_START_WAIT_MS);
        } catch (AgentException e) {
            String m = e.getMessage();
            // cmd.exe: "'C:\x\java\bin\java.exe' is not recognized as an internal or external command"
            if (windows && m.contains("is not recognized as an internal or external command")) {
                throw new AgentException(label + ": no sfsbench tree with its Java runtime at WINDOWS_SFS_DIR=" + sfsDir
                        + " on that host (" + sfsDir + "\\java\\bin\\java.exe not found); install it there with: "
                        + "java -cp \"sfsbench.jar;lib\\*\" org.sfsbench.cli.Main install " + sfsDir);
            }
            if (!windows && m.contains("(status 127)")) {
                throw new AgentException(label + ": no sfsbench tree at SFS_DIR=" + sfsDir + " on that host ("
                        + sfsDir + "/bin/sfs not found); install it there with: sfs install " + sfsDir);
            }
            if (m.contains("(status 255)")) {
                throw new AgentException(label + ": ssh could not start its agent: "
                        + m.substring(m.indexOf("before listening") + "before listening".length()).replaceFirst("^: ", "")
                        + " (the prime client needs key-based ssh to that host, with its host key in known_hosts)");
            }
            throw e;
        }
    }

    private static ClientSession login(int number, String name, String host, int port, String secret, boolean tls,
            long waitMs, java.util.function.BooleanSupplier starting, String hint) throws AgentException {
        String label = "client " + number + " (" + name + ")";
        AgentService a = AgentClient.connect(label, host, port, secret, tls, waitMs, starting, hint);
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

    /**
     * Agents we started are asked to exit (and their standard input closed); the others see this
     * manager log out, which ends its session there.
     */
    @Override
    public void close() {
        for (ClientSession s : sessions) {
            if (s.gone()) {
                continue;
            }
            try {
                if (launched.contains(s)) {
                    s.agent().shutdown();
                } else {
                    s.agent().logout();
                }
            } catch (RemoteException e) {
                // already gone: reaped below
            }
        }
        agents.close();
    }

    void killLocal() {
        agents.killAll();
    }
}
