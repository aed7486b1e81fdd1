package org.sfsbench.manager;

import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.function.BooleanSupplier;

import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentLogin;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.Secrets;
import org.sfsbench.rmi.SocketFactories;

/** Finds an agent's registry and logs in with the shared secret. */
public final class AgentClient {
    private AgentClient() {
    }

    /**
     * Connects, retrying until {@code waitMs} has passed (agents just started need a moment) or
     * {@code stillStarting} says the agent process is gone. {@code label} names the client in
     * messages, {@code hint} ends them (what to do about it).
     */
    public static AgentService connect(String label, String host, int port, String secret, long waitMs,
            BooleanSupplier stillStarting, String hint) throws AgentException {
        long deadline = System.currentTimeMillis() + waitMs;
        Exception last = null;
        do {
            try {
                Registry r = LocateRegistry.getRegistry(host, port, new SocketFactories.TimedClient());
                AgentLogin login = (AgentLogin) r.lookup(AgentLogin.REGISTRY_NAME);
                byte[] c = login.challenge();
                return login.login(c, Secrets.respond(secret, c));
            } catch (AgentException e) {
                // a refused login does not get better by retrying
                throw new AgentException(label + ": the agent at " + host + ":" + port + " refused the login: "
                        + e.getMessage() + hint);
            } catch (RemoteException e) {
                last = e;
            } catch (NotBoundException e) {
                // an agent that is starting has its registry up a moment before its login object
                last = new NotBoundException(host + ":" + port + " is an RMI registry without an sfsbench agent");
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

    static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
