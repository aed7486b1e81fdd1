package org.sfsbench.manager;

import java.io.InvalidClassException;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.function.BooleanSupplier;

import javax.net.ssl.SSLException;

import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Challenge;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/**
 * Finds an agent's registry and logs in with the shared secret. The login is mutual: the agent
 * must prove the secret first, so an impostor on the agent's port learns nothing (no engine
 * configuration, no password) and is named as such.
 */
public final class AgentClient {
    private AgentClient() {
    }

    /**
     * Connects, retrying until {@code waitMs} has passed (agents just started need a moment) or
     * {@code stillStarting} says the agent process is gone. {@code label} names the client in
     * messages, {@code hint} ends them (what to do about it).
     */
    public static AgentService connect(String label, String host, int port, String secret, boolean tls, long waitMs,
            BooleanSupplier stillStarting, String hint) throws AgentException {
        SocketFactories.filterReplies();
        String at = "the agent at " + host + ":" + port;
        long deadline = System.currentTimeMillis() + waitMs;
        Exception last = null;
        do {
            try {
                Registry r = LocateRegistry.getRegistry(host, port, SocketFactories.client(tls));
                AgentLogin login = (AgentLogin) r.lookup(AgentLogin.REGISTRY_NAME);
                byte[] mine = Secrets.nonce();
                Challenge c = login.challenge(mine);
                if (c == null || !Secrets.matches(Secrets.agentProof(secret, mine, c.nonce()), c.agentProof())) {
                    throw new AgentException(label + ": the program answering at " + host + ":" + port
                            + " is not an agent of this prime client: it cannot prove the shared secret (another"
                            + " program on that port, or another secret)" + hint);
                }
                return login.login(c.nonce(), Secrets.managerProof(secret, c.nonce()));
            } catch (AgentException e) {
                // a refused login does not get better by retrying
                throw e.getMessage().startsWith(label) ? e
                        : new AgentException(label + ": " + at + " refused the login: " + e.getMessage() + hint);
            } catch (RemoteException e) {
                if (rejected(e)) {
                    throw new AgentException(label + ": refused a reply from " + at + ": it holds a class or size"
                            + " outside the allow-list (" + rootMessage(e) + ")" + hint);
                }
                if (cause(e, SSLException.class)) {
                    throw new AgentException(label + ": TLS with " + at + " failed (" + rootMessage(e) + "); the agent"
                            + " needs TLS material from this prime client's CA, or both sides AGENT_TLS=off / --tls off"
                            + hint);
                }
                last = e;
            } catch (NotBoundException e) {
                // an agent that is starting has its registry up a moment before its login object
                last = new NotBoundException(host + ":" + port + " is an RMI registry without an sfsbench agent");
            } catch (ClassCastException e) {
                throw new AgentException(label + ": " + host + ":" + port + " holds no sfsbench agent login" + hint);
            }
            if (!stillStarting.getAsBoolean()) {
                break;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        } while (System.currentTimeMillis() < deadline);
        throw new AgentException(label + ": no sfsbench agent answers at " + host + ":" + port + " ("
                + (last == null ? "interrupted" : rootMessage(last)) + ")" + hint);
    }

    /** A reply stopped by the deserialisation filter. */
    static boolean rejected(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof InvalidClassException && String.valueOf(c.getMessage()).contains("REJECTED")) {
                return true;
            }
        }
        return false;
    }

    private static boolean cause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
