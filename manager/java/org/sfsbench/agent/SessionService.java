package org.sfsbench.agent;

import java.rmi.RemoteException;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.Unreferenced;
import java.util.List;
import java.util.function.Consumer;

import org.sfsbench.engine.Phase;
import org.sfsbench.link.WallClock;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentInfo;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.rmi.AgentStatus;
import org.sfsbench.rmi.PointTask;
import org.sfsbench.rmi.ValidationResult;
import org.sfsbench.rmi.WorkerStatus;

/**
 * One manager's session: a fresh RMI export per login, so its object id is a capability valid
 * for this session only. Every call must come from the address that logged in; the export is
 * withdrawn when the manager logs out, another manager logs in, or the manager's RMI lease
 * lapses (it died), after which the id names nothing.
 */
final class SessionService implements AgentService, Unreferenced {
    private final AgentServiceImpl work;
    private final String manager;
    private final Consumer<SessionService> onEnd;
    private volatile boolean open = true;

    SessionService(AgentServiceImpl work, String manager, Consumer<SessionService> onEnd) {
        this.work = work;
        this.manager = manager;
        this.onEnd = onEnd;
    }

    String manager() {
        return manager;
    }

    boolean isOpen() {
        return open;
    }

    void close() {
        open = false;
    }

    private void check() throws RemoteException {
        String caller;
        try {
            caller = RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            caller = "?";
        }
        if (!open) {
            throw new RemoteException("this agent session has ended; log in again");
        }
        if (!caller.equals(manager)) {
            System.err.println("sfs agent: call from " + caller + " on the session of " + manager + " refused");
            throw new RemoteException("this agent session belongs to another address");
        }
    }

    @Override
    public void unreferenced() {
        if (open) {
            work.log("the manager at " + manager + " is gone (its RMI lease lapsed): session ends");
            onEnd.accept(this);
        }
    }

    @Override
    public AgentInfo info() throws RemoteException {
        check();
        return work.info();
    }

    @Override
    public void prepare(PointTask task) throws RemoteException, AgentException {
        check();
        work.prepare(task);
    }

    @Override
    public void startPhase(Phase phase, double seconds, long atEpochMs) throws RemoteException, AgentException {
        check();
        work.startPhase(phase, seconds, atEpochMs);
    }

    @Override
    public void step(int index, String changes) throws RemoteException, AgentException {
        check();
        work.step(index, changes);
    }

    @Override
    public AgentStatus status() throws RemoteException {
        check();
        List<WorkerStatus> workers = work.status();
        return new AgentStatus(WallClock.epochMicros(), workers);
    }

    @Override
    public void abort(String reason) throws RemoteException {
        check();
        work.abort(reason);
    }

    @Override
    public void finishPoint() throws RemoteException {
        check();
        work.finishPoint();
    }

    @Override
    public ValidationResult validate(String engineConfig) throws RemoteException, AgentException {
        check();
        return work.validate(engineConfig);
    }

    @Override
    public String clientLog() throws RemoteException {
        check();
        return work.clientLog();
    }

    @Override
    public void log(String line) throws RemoteException {
        check();
        work.log(line);
    }

    @Override
    public void logout() throws RemoteException {
        check();
        work.log("the manager at " + manager + " logged out");
        open = false;
        onEnd.accept(this);
    }

    @Override
    public void shutdown() throws RemoteException {
        check();
        work.shutdown();
    }
}
