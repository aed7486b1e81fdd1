package org.sfsbench.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;

import org.sfsbench.engine.EngineConfig;
import org.sfsbench.engine.Phase;
import org.sfsbench.link.Frame;
import org.sfsbench.link.WorkerState;
import org.sfsbench.rmi.AgentException;
import org.sfsbench.rmi.AgentInfo;
import org.sfsbench.rmi.PointTask;
import org.sfsbench.rmi.ValidationResult;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.stats.CpuTimes;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/**
 * The agent's work behind every session: worker processes of the current load point, the
 * client log. Reached only through a {@link SessionService}.
 */
final class AgentServiceImpl {
    private final ClientLog log;
    private final LoadfileStore loadfiles;
    private final Path workDir;
    private final Runnable onShutdown;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "agent-call");
        t.setDaemon(true);
        return t;
    });
    private final List<WorkerHandle> workers = new ArrayList<>();
    private String engineVersion = "";
    private int currentPoint;
    /** Step of the current load point (LOAD=max runs), 0 = not stepped. */
    private int currentStep;
    private final java.util.Set<Integer> reported = new java.util.HashSet<>();

    AgentServiceImpl(ClientLog log, Path workDir, Runnable onShutdown) {
        this.log = log;
        this.loadfiles = new LoadfileStore(log, workDir);
        this.workDir = workDir;
        this.onShutdown = onShutdown;
    }

    void setEngineVersion(String v) {
        engineVersion = v;
    }

    /** A manager logged in: the client log it collects starts here (an agent outlives runs). */
    void newSession(String manager) {
        try {
            log.startSession("session of the manager at " + manager + " starts");
        } catch (IOException e) {
            log.line("cannot start a client log session: " + e.getMessage());
        }
    }

    AgentInfo info() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return new AgentInfo(host, ProcessHandle.current().pid(), engineVersion,
                Runtime.getRuntime().availableProcessors(), org.sfsbench.launch.BuildId.current(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }

    synchronized void prepare(PointTask task) throws AgentException {
        closeWorkers();
        currentPoint = task.loadPoint();
        currentStep = 0;
        reported.clear();
        log.line("load point " + task.loadPoint() + ": client " + task.clientNumber() + " (" + task.clientName()
                + ") starts " + task.engineConfigs().size() + " worker(s)");
        loadfiles.store(task.loadfiles());
        List<Future<WorkerHandle>> started = new ArrayList<>();
        for (int i = 0; i < task.engineConfigs().size(); i++) {
            String config = withLocalFiles(task.engineConfigs().get(i), task.loadPoint(), i);
            String label = "client " + task.clientNumber() + " (" + task.clientName() + ") worker " + (i + 1)
                    + " [procs " + describeProcs(config) + "]";
            int index = i;
            started.add(pool.submit(() -> {
                WorkerHandle w = WorkerHandle.spawn(index, label, log.file());
                try {
                    w.open(config);
                } catch (AgentException e) {
                    w.close();
                    throw e;
                }
                return w;
            }));
        }
        AgentException first = null;
        for (Future<WorkerHandle> f : started) {
            try {
                WorkerHandle w = f.get();
                workers.add(w);
                log.line(w.label() + ": pid " + w.pid() + " opened its targets");
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof AgentException a ? a : new AgentException(String.valueOf(e.getCause()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                first = new AgentException("interrupted while starting workers");
            }
        }
        loadfiles.drop();   // the engines parsed them when they opened
        if (first != null) {
            log.line("FAILED: " + first.getMessage());
            closeWorkers();
            throw first;
        }
    }

    /**
     * The files a config names live in this agent's work folder: the debug log the manager asks for
     * with log=agent, and the loadfiles that came with the task ({@link LoadfileStore}). The agent
     * opens no loadfile path the manager names.
     */
    private String withLocalFiles(String config, int point, int worker) throws AgentException {
        EngineConfig c = EngineConfig.parse(config);
        loadfiles.name(c);
        if (c.get("log") != null && !c.get("log").isEmpty()) {
            c.set("log", workDir.resolve(String.format("engine-%03d-%02d.log", point, worker)).toString());
        }
        return c.render();
    }

    private static String describeProcs(String config) {
        EngineConfig c = EngineConfig.parse(config);
        int first = Integer.parseInt(c.get("proc_first") == null ? "0" : c.get("proc_first"));
        int n = Integer.parseInt(c.get("procs") == null ? "1" : c.get("procs"));
        // global proc numbers from 0, as in the engine's messages and the file-set folders pNNNN
        return n == 1 ? Integer.toString(first) : first + "-" + (first + n - 1);
    }

    void startPhase(Phase phase, double seconds, long atEpochMs) throws AgentException {
        List<WorkerHandle> ws;
        synchronized (this) {
            ws = new ArrayList<>(workers);
        }
        log.line("phase " + phase + " (" + seconds + " s) starts");
        List<Future<?>> calls = new ArrayList<>();
        for (WorkerHandle w : ws) {
            calls.add(pool.submit(() -> {
                w.start(phase, seconds, atEpochMs);
                return null;
            }));
        }
        for (Future<?> f : calls) {
            try {
                f.get();
            } catch (ExecutionException e) {
                String msg = e.getCause() instanceof AgentException a ? a.getMessage() : String.valueOf(e.getCause());
                log.line("FAILED: " + msg);
                throw new AgentException(msg);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AgentException("interrupted");
            }
        }
    }

    void step(int index, String changes) throws AgentException {
        List<WorkerHandle> ws;
        synchronized (this) {
            ws = new ArrayList<>(workers);
            currentStep = index;
            reported.clear();
        }
        log.line("load point " + currentPoint + " step " + index + ": " + changes.strip().replace('\n', ' '));
        for (WorkerHandle w : ws) {
            w.step(changes);
        }
    }

    List<WorkerStatus> status() {
        List<WorkerHandle> ws;
        synchronized (this) {
            ws = new ArrayList<>(workers);
        }
        List<WorkerStatus> out = new ArrayList<>();
        for (WorkerHandle w : ws) {
            WorkerStatus s = w.status();
            if (s.state() == WorkerState.DEAD || (s.error() != null && !s.error().isEmpty())) {
                log.line("worker problem: " + s.error());
            } else if (s.phase() == Phase.RUN && s.state() == WorkerState.DONE) {
                logResult(s);
            }
            out.add(s);
        }
        return out;
    }

    /**
     * The final RUN counters of a worker, once per load point: the client log alone is enough to
     * recompute the sfssum row (tests do).
     */
    private synchronized void logResult(WorkerStatus s) {
        if (!reported.add(s.worker())) {
            return;
        }
        EngineSample e = EngineSample.decode(s.sample());
        OpCounters t = e.total();
        CpuTimes c = e.cpu();
        log.line(String.format(java.util.Locale.ROOT,
                "RESULT point=%d%s worker=%d procs=%d ops=%d errors=%d latency_sum_us=%d elapsed_us=%d fileset_bytes=%d"
                        + " bytes=%d cpu_window_us=%d host_ticks=%d host_user_ticks=%d host_system_ticks=%d host_cpus=%d"
                        + " worker_cpu_us=%d after_end=%d",
                currentPoint, stepTag(), s.worker() + 1, e.procs(), t.ops(), t.errors(), t.latencySumUs(), e.elapsedUs(),
                e.filesetBytes(), t.bytes(), c.windowUs(), c.hostTicks(), c.hostUser(), c.hostSystem(), c.hostCpus(),
                c.processUs(), t.afterEnd()));
        for (OpCounters o : e.opCounters()) {
            if (o.ops() > 0) {
                log.line(String.format(java.util.Locale.ROOT, "RESULT-OP point=%d%s worker=%d op=%s ops=%d errors=%d latency_sum_us=%d",
                        currentPoint, stepTag(), s.worker() + 1, OpNames.canonical().name(o.opId()), o.ops(), o.errors(),
                        o.latencySumUs()));
            }
        }
    }

    /** " step=N" while a stepped load point runs its step N, else "". */
    private String stepTag() {
        return currentStep > 0 ? " step=" + currentStep : "";
    }

    void abort(String reason) {
        log.line("ABORT: " + reason);
        List<WorkerHandle> ws;
        synchronized (this) {
            ws = new ArrayList<>(workers);
        }
        for (WorkerHandle w : ws) {
            w.stop();
        }
        synchronized (this) {
            closeWorkers();
        }
    }

    synchronized void finishPoint() {
        closeWorkers();
    }

    ValidationResult validate(String engineConfig) throws AgentException {
        log.line("validation starts");
        WorkerHandle w = WorkerHandle.spawn(0, "validation worker", log.file());
        try {
            Frame.ValidationReport r = w.validate(engineConfig);
            log.line("validation finished with " + r.failures() + " failure(s)");
            return new ValidationResult(r.failures(), r.report());
        } finally {
            w.close();
        }
    }

    String clientLog() throws RemoteException {
        try {
            return log.read();
        } catch (IOException e) {
            throw new RemoteException("cannot read client log " + log.file(), e);
        }
    }

    void log(String line) {
        log.line(line);
    }

    void shutdown() {
        log.line("agent shutting down on the manager's request");
        pool.submit(() -> {
            try {
                Thread.sleep(200); // let the reply reach the manager first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            onShutdown.run();
        });
    }

    /** Closes every worker (they exit; hung ones are killed). */
    synchronized void closeWorkers() {
        for (WorkerHandle w : workers) {
            w.close();
        }
        workers.clear();
        appendEngineLogs();
    }

    private void appendEngineLogs() {
        try (var files = java.nio.file.Files.list(workDir)) {
            files.filter(p -> p.getFileName().toString().startsWith("engine-") && p.toString().endsWith(".log"))
                    .sorted().forEach(p -> {
                        log.appendFile(p, "engine debug log " + p.getFileName());
                        try {
                            java.nio.file.Files.delete(p);
                        } catch (IOException e) {
                            log.line("cannot remove " + p + ": " + e.getMessage());
                        }
                    });
        } catch (IOException e) {
            log.line("cannot list " + workDir + ": " + e.getMessage());
        }
    }
}
