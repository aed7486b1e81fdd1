package org.sfsbench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The only object in an agent's registry. Login is mutual: the manager sends a fresh nonce and
 * receives the agent's nonce with the agent's proof of the shared secret
 * ({@link Secrets#agentProof}); only if that proof holds does it answer with its own
 * ({@link Secrets#managerProof}). It then receives an {@link AgentService} stub exported for this
 * session alone.
 */
public interface AgentLogin extends Remote {
    String REGISTRY_NAME = "sfsbench-agent";

    Challenge challenge(byte[] managerNonce) throws RemoteException, AgentException;

    AgentService login(byte[] agentNonce, byte[] managerProof) throws RemoteException, AgentException;
}
