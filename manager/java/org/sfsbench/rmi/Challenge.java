package org.sfsbench.rmi;

import java.io.Serializable;

/**
 * The agent's half of a login: a fresh nonce the manager must answer, and the agent's proof
 * that it holds the secret too (an HMAC over the manager's nonce and this one), checked by the
 * manager before it sends anything.
 */
public record Challenge(byte[] nonce, byte[] agentProof) implements Serializable {
}
