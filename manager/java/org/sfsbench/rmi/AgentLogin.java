package org.sfsbench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The only object in an agent's registry. A manager proves it knows the shared secret by
 * answering a fresh challenge with HMAC-SHA256(secret, challenge); it then receives the
 * {@link AgentService} stub, whose random object id is the session capability.
 */
public interface AgentLogin extends Remote {
    String REGISTRY_NAME = "sfsbench-agent";

    byte[] challenge() throws RemoteException;

    AgentService login(byte[] challenge, byte[] response) throws RemoteException, AgentException;
}
