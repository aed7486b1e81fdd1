package org.sfsbench.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import org.sfsbench.engine.NativeEngine;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/**
 * The agent process ({@code sfs agent}): an RMI registry on one address and port holding only
 * the login object; the service is handed out after a challenge-response on the shared secret.
 */
public final class AgentServer implements AgentLogin {
    private final String secret;
    private final AgentServiceImpl service;
    private final AgentService exportedService;
    private final java.util.Set<String> issued = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private AgentServer(String secret, AgentServiceImpl service, AgentService exportedService) {
        this.secret = secret;
        this.service = service;
        this.exportedService = exportedService;
    }

    @Override
    public byte[] challenge() {
        byte[] n = Secrets.nonce();
        issued.add(java.util.HexFormat.of().formatHex(n));
        return n;
    }

    @Override
    public AgentService login(byte[] challenge, byte[] response) throws AgentException {
        // a challenge is good for one login only (no replay)
        if (challenge == null || !issued.remove(java.util.HexFormat.of().formatHex(challenge))
                || !Secrets.verify(secret, challenge, response)) {
            System.err.println("sfs agent: login refused from " + caller() + ": wrong secret");
            throw new AgentException("agent login refused: wrong secret (the prime client and the agent must share it)");
        }
        service.newSession(caller());
        return exportedService;
    }

    private static String caller() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return "?";
        }
    }

    /**
     * Runs an agent until shut down or until {@code parentPid} (the manager that started it) is
     * gone. Returns the process exit status.
     */
    public static int run(String bind, int port, String secret, long parentPid, Path workDir) {
        String unusable = unusableBind(bind);
        if (unusable != null) {
            System.err.println("sfs agent: --bind " + bind + ": " + unusable);
            return 2;
        }
        System.setProperty("sun.rmi.registry.registryFilter",
                "maxdepth=10;java.lang.*;java.rmi.*;org.sfsbench.rmi.*;!*");
        System.setProperty("java.rmi.server.hostname", bind);
        // notice a vanished manager quickly (its leases lapse)
        System.setProperty("java.rmi.dgc.leaseValue", "30000");
        CountDownLatch done = new CountDownLatch(1);
        try {
            Files.createDirectories(workDir);
            ClientLog log = new ClientLog(workDir.resolve("sfsc_log"));
            AgentServiceImpl impl = new AgentServiceImpl(log, workDir, done::countDown);
            try {
                impl.setEngineVersion(NativeEngine.version());
            } catch (LinkageError e) {
                System.err.println("sfs agent: native engine not loadable: " + e.getMessage());
                return 2;
            }
            SocketFactories.TimedClient csf = new SocketFactories.TimedClient();
            SocketFactories.BoundServer ssf = new SocketFactories.BoundServer(bind);
            Registry registry = LocateRegistry.createRegistry(port, csf, ssf);
            AgentService exported = (AgentService) UnicastRemoteObject.exportObject(impl, port, csf, ssf,
                    SocketFactories.FILTER);
            AgentServer server = new AgentServer(secret, impl, exported);
            AgentLogin exportedLogin = (AgentLogin) UnicastRemoteObject.exportObject(server, port, csf, ssf,
                    SocketFactories.FILTER);
            registry.rebind(REGISTRY_NAME, exportedLogin);
            log.line("agent listening on " + bind + ":" + port + " (pid " + ProcessHandle.current().pid() + ")");
            System.out.println("sfs agent: listening on " + bind + ":" + port + ", client log " + log.file());
            System.out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(impl::closeWorkers, "agent-cleanup"));
            if (parentPid > 0) {
                watchParent(parentPid, done);
            }
            done.await();
            impl.closeWorkers();
            unexport(server);
            unexport(impl);
            try {
                UnicastRemoteObject.unexportObject(registry, true);
            } catch (NoSuchObjectException e) {
                // already gone
            }
            return 0;
        } catch (RemoteException e) {
            System.err.println("sfs agent: cannot listen on " + bind + ":" + port + ": " + rootMessage(e));
            return 2;
        } catch (IOException e) {
            System.err.println("sfs agent: cannot use work folder " + workDir + ": " + e.getMessage());
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
    static String unusableBind(String bind) {
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

    private static void watchParent(long parentPid, CountDownLatch done) {
        Optional<ProcessHandle> parent = ProcessHandle.of(parentPid);
        if (parent.isEmpty()) {
            done.countDown();
            return;
        }
        parent.get().onExit().thenRun(() -> {
            System.err.println("sfs agent: manager process " + parentPid + " is gone; stopping workers and exiting");
            done.countDown();
        });
    }

    private static void unexport(java.rmi.Remote r) {
        try {
            UnicastRemoteObject.unexportObject(r, true);
        } catch (NoSuchObjectException e) {
            // already gone
        }
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage();
    }
}
