package org.sfsbench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

import org.sfsbench.engine.Phase;

/**
 * What a manager may ask of an agent, after {@link AgentLogin#login}. The agent runs nothing but
 * the benchmark: no remote shell, no file access beyond its own client log.
 */
public interface AgentService extends Remote {

    /** Host name, pid, engine version of the agent. */
    AgentInfo info() throws RemoteException;

    /** Spawns the worker processes of one load point and opens their engines (mount / connect). */
    void prepare(PointTask task) throws RemoteException, AgentException;

    /**
     * Starts a phase on every worker at wall-clock time {@code atEpochMs} of this agent's clock
     * (shared barrier; the manager converts its instant with the agent's measured offset).
     */
    void startPhase(Phase phase, double seconds, long atEpochMs) throws RemoteException, AgentException;

    /**
     * Between phases: starts step {@code index} of the load point by applying engine changes
     * (key=value lines: active procs, rate) to every worker, keeping the file set; see
     * sfs_engine_step.
     */
    void step(int index, String changes) throws RemoteException, AgentException;

    /**
     * The agent's clock and the state and cumulative counters of every worker; also the manager's
     * heartbeat.
     */
    AgentStatus status() throws RemoteException;

    /** Stops load now (Ctrl-C, a failure elsewhere); workers are closed, then killed if they hang. */
    void abort(String reason) throws RemoteException;

    /** Closes the workers of the finished load point (they exit). */
    void finishPoint() throws RemoteException;

    /** Runs validation (-v) of the given engine config in a fresh worker. */
    ValidationResult validate(String engineConfig) throws RemoteException, AgentException;

    /** The client log kept on this client (sfsc_log), for collection as sfscNNNN.suffix. */
    String clientLog() throws RemoteException;

    /** Appends a line to the client log. */
    void log(String line) throws RemoteException;

    /** Ends this session: its stub stops working at once (the agent keeps running). */
    void logout() throws RemoteException;

    /** Ends the agent process (only for agents the manager started itself). */
    void shutdown() throws RemoteException;
}
