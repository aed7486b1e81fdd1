package org.sfsbench.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import org.sfsbench.engine.NativeEngine;
import org.sfsbench.launch.BuildId;
import org.sfsbench.launch.PortOwner;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Challenge;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/**
 * The agent process ({@code sfs agent}): an RMI registry on one address and port holding only
 * the login object. After a mutual challenge-response on the shared secret each manager gets a
 * service exported for its session alone.
 */
public final class AgentServer implements AgentLogin {
    /** What the agent prints once it listens; managers that start agents wait for it. */
    public static final String READY = "sfs agent: listening on ";

    /** How the agent listens and whom it trusts. */
    public record Settings(String bind, int port, String secret, SSLContext tls, int idleTimeoutSeconds,
            Path workDir) {
    }

    private final String secret;
    private final AgentServiceImpl work;
    private final int port;
    private final RMIClientSocketFactory csf;
    private final SocketFactories.AgentServer ssf;
    private final ChallengeBook book = new ChallengeBook(System::currentTimeMillis);
    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "agent-session-end");
        t.setDaemon(true);
        return t;
    });
    private SessionService session;

    private AgentServer(String secret, AgentServiceImpl work, int port, RMIClientSocketFactory csf,
            SocketFactories.AgentServer ssf) {
        this.secret = secret;
        this.work = work;
        this.port = port;
        this.csf = csf;
        this.ssf = ssf;
    }

    @Override
    public Challenge challenge(byte[] managerNonce) throws AgentException {
        String peer = caller();
        if (managerNonce == null || managerNonce.length != 32) {
            throw new AgentException("agent login refused: the manager's nonce must be 32 bytes");
        }
        byte[] n = book.issue(peer);
        if (n == null) {
            throw new AgentException("agent login refused: too many login attempts from " + peer + "; try again in a second");
        }
        return new Challenge(n, Secrets.agentProof(secret, managerNonce, n));
    }

    @Override
    public AgentService login(byte[] agentNonce, byte[] managerProof) throws RemoteException, AgentException {
        String peer = caller();
        // a challenge is good for one login only, from the peer it was issued to, for a limited time
        if (!book.take(agentNonce, peer) || !Secrets.matches(Secrets.managerProof(secret, agentNonce), managerProof)) {
            System.err.println("sfs agent: login refused from " + peer + ": wrong secret");
            throw new AgentException("agent login refused: wrong secret (the prime client and the agent must share it)");
        }
        return openSession(peer);
    }

    private synchronized AgentService openSession(String peer) throws RemoteException {
        if (session != null) {
            work.log("the session of the manager at " + session.manager() + " ends: the manager at " + peer + " logged in");
            endSession(session);
        }
        // the session ends a moment after logout returns, so that its reply still reaches the manager
        SessionService s = new SessionService(work, peer,
                ended -> later.schedule(() -> endSessionOf(ended), 200, TimeUnit.MILLISECONDS));
        AgentService stub = (AgentService) UnicastRemoteObject.exportObject(s, port, csf, ssf, SocketFactories.FILTER);
        session = s;
        work.newSession(peer);
        return stub;
    }

    private synchronized void endSessionOf(SessionService s) {
        if (session == s) {
            session = null;
        }
        endSession(s);
    }

    private static void endSession(SessionService s) {
        s.close();
        unexport(s);
    }

    private static String caller() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return "?";
        }
    }

    /**
     * Runs an agent until shut down, or, when {@code stdin} is given (an agent a manager started),
     * until that stream ends. Returns the process exit status.
     */
    public static int run(Settings s, InputStream stdin) {
        String unusable = unusableBind(s.bind());
        if (unusable != null) {
            System.err.println("sfs agent: --bind " + s.bind() + ": " + unusable);
            return 2;
        }
        System.setProperty("sun.rmi.registry.registryFilter",
                "maxdepth=10;maxarray=10000;maxbytes=65536;java.lang.*;java.rmi.*;org.sfsbench.rmi.*;!*");
        System.setProperty("java.rmi.server.hostname", s.bind());
        // notice a vanished manager quickly (its leases lapse)
        System.setProperty("java.rmi.dgc.leaseValue", "30000");
        // idle connections are closed by the agent (the manager polls every second while it runs)
        System.setProperty("sun.rmi.transport.tcp.readTimeout", Long.toString(s.idleTimeoutSeconds() * 1000L));
        CountDownLatch done = new CountDownLatch(1);
        try {
            Files.createDirectories(s.workDir());
            ClientLog log = new ClientLog(s.workDir().resolve("sfsc_log"));
            AgentServiceImpl impl = new AgentServiceImpl(log, s.workDir(), done::countDown);
            try {
                impl.setEngineVersion(NativeEngine.version());
            } catch (LinkageError e) {
                System.err.println("sfs agent: native engine not loadable: " + e.getMessage());
                return 2;
            }
            RMIClientSocketFactory csf = SocketFactories.client(s.tls() != null);
            SocketFactories.AgentServer ssf = new SocketFactories.AgentServer(s.bind(), s.tls(),
                    SocketFactories.ConnectionLimits.AGENT);
            Registry registry;
            try {
                registry = LocateRegistry.createRegistry(s.port(), csf, ssf);
            } catch (RemoteException e) {
                if (rootCause(e) instanceof BindException && s.port() != 0) {
                    System.err.println("sfs agent: port " + s.port() + " on " + s.bind() + " is taken by "
                            + PortOwner.describe(s.port()) + "; stop it or choose another port (AGENT_PORT)");
                } else {
                    System.err.println("sfs agent: cannot listen on " + s.bind() + ":" + s.port() + ": " + rootCause(e).getMessage());
                }
                return 2;
            }
            int port = ssf.boundPort();
            AgentServer server = new AgentServer(s.secret(), impl, port, csf, ssf);
            AgentLogin exportedLogin = (AgentLogin) UnicastRemoteObject.exportObject(server, port, csf, ssf,
                    SocketFactories.FILTER);
            registry.rebind(REGISTRY_NAME, exportedLogin);
            String mode = s.tls() != null ? "TLS" : "plain";
            log.line("agent listening on " + s.bind() + ":" + port + " (" + mode + ", pid " + ProcessHandle.current().pid() + ")");
            System.out.println(READY + s.bind() + ":" + port + " (" + mode + ", build " + BuildId.current() + ", pid "
                    + ProcessHandle.current().pid() + "), client log " + log.file());
            System.out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(impl::closeWorkers, "agent-cleanup"));
            if (stdin != null) {
                watchInput(stdin, done);
            }
            done.await();
            impl.closeWorkers();
            unexport(server);
            synchronized (server) {
                if (server.session != null) {
                    endSession(server.session);
                }
            }
            unexport(registry);
            return 0;
        } catch (RemoteException e) {
            System.err.println("sfs agent: cannot listen on " + s.bind() + ":" + s.port() + ": " + rootCause(e).getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("sfs agent: cannot use work folder " + s.workDir() + ": " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    /**
     * The bind address is also the address the agent's exported references tell the manager to call back
     * (java.rmi.server.hostname), so it must be one the prime client can reach.
     */
    public static String unusableBind(String bind) {
        try {
            InetAddress a = InetAddress.getByName(bind);
            if (a.isAnyLocalAddress()) {
                return "a wildcard address cannot be handed to the manager; give the address (or name) of this"
                        + " host that the prime client reaches, e.g. --bind 10.0.0.5";
            }
            return null;
        } catch (UnknownHostException e) {
            return "unknown host; give an address of this host that the prime client reaches";
        }
    }

    /** The end of standard input (the manager or its ssh session is gone) stops the agent. */
    private static void watchInput(InputStream in, CountDownLatch done) {
        Thread t = new Thread(() -> {
            try {
                while (in.read() != -1) {
                    // nothing more is sent; wait for the end
                }
            } catch (IOException e) {
                // closed: same as the end
            }
            System.err.println("sfs agent: standard input ended (the manager or service host that started this agent"
                    + " is gone or stops it); stopping workers and exiting");
            done.countDown();
        }, "agent-stdin-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void unexport(Remote r) {
        try {
            UnicastRemoteObject.unexportObject(r, true);
        } catch (NoSuchObjectException e) {
            // already gone
        }
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
