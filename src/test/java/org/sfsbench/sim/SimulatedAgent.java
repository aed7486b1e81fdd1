package org.sfsbench.sim;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.sfsbench.engine.NativeEngine;
import org.sfsbench.engine.Phase;
import org.sfsbench.link.WallClock;
import org.sfsbench.link.WorkerState;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentInfo;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentStatus;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Challenge;
import org.sfsbench.rmi.PointTask;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;
import org.sfsbench.rmi.ValidationResult;
import org.sfsbench.rmi.WorkerStatus;

/**
 * A simulated client's agent: the agent's RMI protocol (its registry, the mutual HMAC login of
 * {@link Secrets}, a session exported per login, the same socket factories and deserialisation
 * filter) over {@link SimulatedLoad} workers instead of engine processes. Many run in one JVM,
 * each on its own port of one loopback address (java.rmi.server.hostname is per JVM). This class
 * is the only one that speaks the agent interface.
 */
public final class SimulatedAgent implements AgentLogin {
    /** When a simulated agent dies by itself: {@code seconds} into RUN of load point {@code point}. */
    public record Death(int point, double seconds) {
    }

    private final String secret;
    private final String build;
    private final int number;
    private final SocketFactories.AgentServer ssf;
    private final RMIClientSocketFactory csf = SocketFactories.client(false);
    private final double medianUs;
    private final double sigma;
    private final Death death;
    private final Registry registry;
    private final int port;
    private final Map<String, byte[]> issued = new ConcurrentHashMap<>();
    private final List<SimulatedLoad> workers = new ArrayList<>();
    /** RUN ops of every finished load point of this client (the point's number -> ops). */
    private final Map<Integer, Long> runOps = new ConcurrentHashMap<>();
    private final StringBuilder log = new StringBuilder();
    private Session session;
    private int point;
    private volatile boolean dead;
    private volatile boolean loggedOut;
    private volatile long diedAtMs;

    private SimulatedAgent(String secret, String build, int number, String bind, double medianUs, double sigma,
            Death death) throws RemoteException {
        this.secret = secret;
        this.build = build;
        this.number = number;
        this.medianUs = medianUs;
        this.sigma = sigma;
        this.death = death;
        this.ssf = new SocketFactories.AgentServer(bind, null, SocketFactories.ConnectionLimits.AGENT);
        this.registry = LocateRegistry.createRegistry(0, csf, ssf);
        this.port = ssf.boundPort();
        registry.rebind(REGISTRY_NAME, UnicastRemoteObject.exportObject(this, port, csf, ssf, SocketFactories.FILTER));
    }

    /**
     * Starts simulated agent {@code number} listening on {@code bind} (a free port), plain (no TLS),
     * claiming sfsbench build {@code build} (the manager's, or it refuses the agent). The JVM's
     * java.rmi.server.hostname must be {@code bind}.
     */
    public static SimulatedAgent start(String secret, String build, int number, String bind, double medianUs,
            double sigma, Death death) throws RemoteException {
        return new SimulatedAgent(secret, build, number, bind, medianUs, sigma, death);
    }

    public int port() {
        return port;
    }

    public int number() {
        return number;
    }

    /** RUN ops this client counted in load point {@code p} (0 when it did not finish it). */
    public long runOps(int p) {
        return runOps.getOrDefault(p, 0L);
    }

    /** Whether the last manager logged out of this agent. */
    public boolean loggedOut() {
        return loggedOut;
    }

    /** When this agent died (ms since the epoch), 0 while it lives. */
    public long diedAtMs() {
        return diedAtMs;
    }

    public boolean dead() {
        return dead;
    }

    /** Stops answering as a process that died: every export withdrawn, the listening socket closed. */
    public synchronized void die() {
        dead = true;
        diedAtMs = System.currentTimeMillis();
        if (session != null) {
            unexport(session);
        }
        unexport(this);
        unexport(registry);
    }

    @Override
    public Challenge challenge(byte[] managerNonce) throws AgentException {
        if (managerNonce == null || managerNonce.length != 32) {
            throw new AgentException("agent login refused: the manager's nonce must be 32 bytes");
        }
        byte[] n = Secrets.nonce();
        issued.put(caller(), n);
        return new Challenge(n, Secrets.agentProof(secret, managerNonce, n));
    }

    @Override
    public synchronized AgentService login(byte[] agentNonce, byte[] managerProof) throws RemoteException,
            AgentException {
        String peer = caller();
        byte[] mine = issued.remove(peer);
        if (mine == null || !MessageDigest.isEqual(mine, agentNonce)
                || !Secrets.matches(Secrets.managerProof(secret, agentNonce), managerProof)) {
            throw new AgentException("agent login refused: wrong secret (the prime client and the agent must share it)");
        }
        if (session != null) {
            unexport(session);
        }
        session = new Session(peer);
        return (AgentService) UnicastRemoteObject.exportObject(session, port, csf, ssf, SocketFactories.FILTER);
    }

    private static String caller() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return "?";
        }
    }

    private static void unexport(Remote r) {
        try {
            UnicastRemoteObject.unexportObject(r, true);
        } catch (NoSuchObjectException e) {
            // already withdrawn
        }
    }

    private synchronized void line(String text) {
        log.append(text).append('\n');
    }

    /** What one manager's session may call; every call must come from the address that logged in. */
    private final class Session implements AgentService {
        private final String manager;

        Session(String manager) {
            this.manager = manager;
        }

        private void check() throws RemoteException {
            if (!caller().equals(manager)) {
                throw new RemoteException("this agent session belongs to another address");
            }
        }

        @Override
        public AgentInfo info() throws RemoteException {
            check();
            return new AgentInfo("sim" + number, ProcessHandle.current().pid(), NativeEngine.version(), 1,
                    build, System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        }

        @Override
        public void prepare(PointTask task) throws RemoteException {
            check();
            synchronized (SimulatedAgent.this) {
                workers.clear();
                point = task.loadPoint();
                for (int i = 0; i < task.engineConfigs().size(); i++) {
                    workers.add(new SimulatedLoad(task.engineConfigs().get(i), medianUs, sigma,
                            number * 1_000_003L + task.loadPoint() * 31L + i));
                }
            }
            line("load point " + task.loadPoint() + ": " + task.engineConfigs().size() + " simulated worker(s)");
        }

        @Override
        public void startPhase(Phase phase, double seconds, long atEpochMs) throws RemoteException {
            check();
            for (SimulatedLoad w : loads()) {
                w.start(phase, seconds, atEpochMs);
            }
            line("phase " + phase + " (" + seconds + " s) starts");
        }

        @Override
        public void step(int index, String changes) throws RemoteException {
            check();
            for (SimulatedLoad w : loads()) {
                w.step(changes);
            }
        }

        @Override
        public AgentStatus status() throws RemoteException {
            check();
            long now = System.currentTimeMillis();
            List<SimulatedLoad> ws = loads();
            if (death != null && death.point() == point && !ws.isEmpty()
                    && ws.get(0).secondsInto(Phase.RUN, now) >= death.seconds()) {
                die();
                throw new RemoteException("simulated client " + number + " died");
            }
            List<WorkerStatus> out = new ArrayList<>();
            long total = 0;
            boolean done = !ws.isEmpty();
            for (int i = 0; i < ws.size(); i++) {
                SimulatedLoad w = ws.get(i);
                out.add(new WorkerStatus(i, ProcessHandle.current().pid(), w.phase(), w.state(now), null, w.sample(now),
                        w.phaseStartMs() * 1000));
                total += w.ops();
                done &= w.phase() == Phase.RUN && w.state(now) == WorkerState.DONE;
            }
            if (done) {
                runOps.put(point, total);
            }
            return new AgentStatus(WallClock.epochMicros(), out);
        }

        @Override
        public void abort(String reason) throws RemoteException {
            check();
            line("ABORT: " + reason);
        }

        @Override
        public void finishPoint() throws RemoteException {
            check();
            line("load point " + point + " finished");
        }

        @Override
        public ValidationResult validate(String engineConfig) throws AgentException {
            throw new AgentException("a simulated client has no engine to validate with");
        }

        @Override
        public String clientLog() throws RemoteException {
            check();
            synchronized (SimulatedAgent.this) {
                return log.toString();
            }
        }

        @Override
        public void log(String text) throws RemoteException {
            check();
            line(text);
        }

        @Override
        public void logout() throws RemoteException {
            check();
            line("the manager at " + manager + " logged out");
            loggedOut = true;
        }

        @Override
        public void shutdown() throws RemoteException {
            check();
            line("shutdown asked");
        }

        private List<SimulatedLoad> loads() {
            synchronized (SimulatedAgent.this) {
                return new ArrayList<>(workers);
            }
        }
    }
}
