package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.ToolVersion;
import org.sfsbench.live.LiveListener;
import org.sfsbench.report.ResultPublisher;
import org.sfsbench.servermon.ServerMonitor;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.LocalFolders;
import org.sfsbench.rc.MountPoint;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.RunRules;
import org.sfsbench.results.Verdicts;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.rmi.AgentService;
import org.sfsbench.stats.OpNames;

/**
 * One benchmark run from start to its result files: opens the outputs, connects the clients,
 * lets {@link RunManager} drive the load points, and whatever happens collects the client logs
 * and writes the final results with the cause of an early end.
 */
public final class RunSession {
    private final RunConfig rc;
    private final RunPlan plan;
    private final RunOutputs out;
    private final Progress progress;
    private final RunManager manager;
    private final LiveListener live;
    private final ServerMonitor serverMonitor;
    private final String startTime = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

    private RunSession(RunConfig rc, RunPlan plan, RunOutputs out, Progress progress, LiveListener live)
            throws IOException {
        this.rc = rc;
        this.progress = progress;
        this.plan = plan;
        this.out = out;
        this.live = live;
        this.serverMonitor = rc.serverMon() == null ? null : ServerMon.start(rc, out, live, progress);
        this.manager = new RunManager(rc, plan, out, progress, out.suffix(), out.file("sfsmon").toFile(), live,
                serverMonitor);
        out.sfslog().redact(rc.password());
        out.setPartialResult(() -> result(incomplete(), List.of()));
    }

    public static RunSession open(RunConfig rc, RunPlan plan, Path dir, String suffix) throws IOException {
        return open(rc, plan, dir, suffix, Progress.forConsole(), LiveListener.NONE);
    }

    /**
     * @param live receives the run as it happens (the live page, /metrics, --live-file)
     * @throws IOException when the results folder cannot be written or SERVER_MON's collector not started
     */
    public static RunSession open(RunConfig rc, RunPlan plan, Path dir, String suffix, Progress progress,
            LiveListener live) throws IOException {
        RunOutputs out = RunOutputs.create(dir, suffix);
        try {
            return new RunSession(rc, plan, out, progress, live);
        } catch (IOException e) {
            out.close();
            throw new IOException("SERVER_MON=" + rc.serverMon() + ": the collector could not be started: "
                    + e.getMessage(), e);
        }
    }

    public void requestAbort(String reason) {
        manager.requestAbort(reason);
    }

    /** Returns the process exit status: 0 complete, 1 ended early. */
    public int run() {
        int nPoints = plan.points().size();
        int nClients = rc.clients().size();
        progress.println("sfsbench " + ToolVersion.VERSION + ": " + rc.fsProtocol().rcName() + " run, " + nPoints
                + (nPoints == 1 ? " load point, " : " load points, ") + nClients
                + (nClients == 1 ? " client x " : " clients x ") + rc.procs() + (rc.procs() == 1 ? " proc" : " procs"));
        // the guide's words, the path on a line of its own so that it is never split
        progress.println("  The results from this run will be stored in");
        progress.println("  " + out.file("sfssum"));
        List<String> planned = RunRules.reasons(plan.ruleChecks());
        if (plan.settings().rules() != WorkloadRules.SPECSFS2008) {
            progress.println("  " + Verdicts.notApplicable(plan.settings().rules()));
        } else if (!planned.isEmpty()) {
            progress.println("  not disclosable: " + planned.size() + " reason(s), listed at the end and in sfsres");
        }
        out.sfslog().runStart(result(null, List.of()),
                plan.points().stream().map(p -> (long) p.requestedOps()).toList());
        for (LoadPoint p : plan.points()) {
            out.log(String.format("plan: point %d requested %d ops/s (%d per proc)", p.index(), p.requestedOps(),
                    p.perProcRate()));
        }
        String failure = null;
        Clients clients = null;
        try {
            clients = Clients.connect(rc.clients(), rc.agentPort(), rc.agentAccess(), out.dir().resolve("agents." + out.suffix()),
                    Path.of(System.getProperty("sfs.home", "."), "policy", "agent.secret"));
            for (ClientSession c : clients.sessions()) {
                out.log(c.label() + ": agent pid " + c.info().pid() + " on " + c.info().host() + " (" + c.host() + ":"
                        + c.port() + ") on " + c.info().os() + ", " + c.info().engineVersion());
            }
            // the load points leave the prime idle: it loads the result writers meanwhile
            ResultPublisher.prepareInBackground();
            manager.run(clients.sessions());
        } catch (RunAbortedException | ResultWriteException e) {
            failure = e.getMessage();
        } catch (RuntimeException e) {
            failure = "internal error: " + e;
            e.printStackTrace();
        } finally {
            if (serverMonitor != null) {
                serverMonitor.close();
            }
            if (clients != null) {
                collectClientLogs(clients.sessions());
                clients.close();
            }
        }
        if (failure != null) {
            out.sfslog().error("RUN ENDED EARLY: " + failure);
            progress.println("sfs run: the run ended early: " + failure);
        }
        RunResult result = result(failure, clients == null ? List.of() : clients.sessions());
        try {
            FinalReports.write(result, out, progress);
            out.sfslog().runEnd(result);
            out.close();
        } catch (IOException | RuntimeException e) {
            progress.println("sfs run: could not write the final reports: " + e.getMessage());
            return 1;
        }
        if (rc.access() != null) {
            try {
                AccessResults.write(rc, out, result, progress);
            } catch (IOException e) {
                progress.println("sfs run: could not write the access results: " + e.getMessage());
                return 1;
            }
        }
        // the headline and the verdict close the run's output
        FinalReports.printSummary(result, out, progress);
        live.runFinished(FinalReports.headline(result), result.complete());
        if (clients != null) {
            progress.println(fileSetNote(failure));
        }
        return failure == null ? 0 : 1;
    }

    /**
     * The failure of the documents written after each point: what a reader of a run that is
     * still going, or whose manager was killed, must know (docs/results.md).
     */
    private String incomplete() {
        int done = out.points().size();
        return "incomplete: the run had not ended when this was written, " + done + " of "
                + (rc.topSpeed().unpaced() ? "its" : String.valueOf(plan.points().size()))
                + " load points finished (a manager that was killed leaves it so)";
    }

    /** Ops of the target mix the backend cannot put on the wire, each with the reason. */
    private List<String> unissuableOps() {
        List<String> out = new ArrayList<>();
        OpNames names = OpNames.canonical();
        String backend = rc.fsProtocol().engineName();
        TargetMix.of(rc, names).forEach((op, pct) -> {
            String why = pct > 0 ? Engine.opUnavailable(backend, rc.backendOptions(), op) : null;
            if (why != null) {
                out.add(names.name(op) + " (" + why + ")");
            }
        });
        return out;
    }

    private void collectClientLogs(List<ClientSession> sessions) {
        List<AgentCalls.Answer<String>> logs = AgentCalls.all(sessions, AgentCalls.CLEANUP_WAIT_MS,
                AgentService::clientLog);
        for (int i = 0; i < sessions.size(); i++) {
            ClientSession c = sessions.get(i);
            AgentCalls.Answer<String> log = logs.get(i);
            if (log.failure() != null) {
                out.log("could not collect the log of " + c.label() + ": " + log.failure());
                continue;
            }
            try {
                out.clientLog(c.number(), log.value());
            } catch (IOException e) {
                out.log("could not write the log of " + c.label() + ": " + e.getMessage());
            }
        }
    }

    /**
     * Where the run left its file set and how large it is (sfsres, results, console). It is said to be
     * there only where that is known: a run that failed may have lost it, and the folders of this
     * machine's posix mount points are looked at.
     */
    private String fileSetNote(String failure) {
        long kb = out.points().stream().mapToLong(p -> p.filesetKb()).max().orElse(-1);
        String where = "File set: " + EngineConfigs.rootFolder(out.suffix()) + "/ under every mount point"
                + (kb < 0 ? "" : String.format(java.util.Locale.ROOT, ", %,d KB at its largest point", kb));
        String clean = "sfs clean -r " + rc.rcFile() + " -s " + out.suffix();
        List<Path> local = localRoots();
        if (!local.isEmpty() && local.stream().noneMatch(Files::isDirectory)) {
            return where + ": gone, none of its folders on this machine exists any more (" + local.get(0) + ")";
        }
        if (failure != null) {
            return where + ": what the run made before it ended early may be left there (" + clean
                    + " removes what is left; docs/running.md)";
        }
        return where + ", left there after the run (" + clean + " removes it; docs/running.md)";
    }

    /** The file-set folders of the posix mount points of clients that are this machine. */
    private List<Path> localRoots() {
        List<Path> roots = new ArrayList<>();
        if (!rc.fsProtocol().has(EngineCatalog.CAP_LOCAL_FS)) {
            return roots;
        }
        for (int i = 0; i < rc.clients().size(); i++) {
            if (LocalFolders.isThisMachine(rc.clients().get(i))) {
                for (MountPoint mp : rc.mountPointsOf(i)) {
                    roots.add(Path.of(mp.path(), EngineConfigs.rootFolder(out.suffix())));
                }
            }
        }
        return roots;
    }

    private RunResult result(String failure, List<ClientSession> sessions) {
        RunResult.Builder r = RunResult.builder();
        r.toolVersion = ToolVersion.VERSION;
        r.suffix = out.suffix();
        r.startTime = startTime;
        r.endTime = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        r.rcFile = String.valueOf(rc.rcFile());
        List<RcVariable> vars = new ArrayList<>();
        rc.variables().forEach((k, v) -> vars.add(RcVariable.of(k, v)));
        // what the written data was like is part of every result, set or not
        if (!rc.variables().containsKey("DATA_COMPRESS_PCT")) {
            vars.add(RcVariable.of("DATA_COMPRESS_PCT", String.valueOf(rc.dataCompressPct())));
        }
        if (!rc.variables().containsKey("DATA_DEDUP_PCT")) {
            vars.add(RcVariable.of("DATA_DEDUP_PCT", String.valueOf(rc.dataDedupPct())));
        }
        r.rcVariables = vars;
        r.protocol = manager.protocol();
        r.workload = rc.workload();
        List<ClientInfo> cis = new ArrayList<>();
        List<ClientPlan> planned = plan.points().isEmpty() ? List.of() : plan.points().get(0).clients();
        for (ClientPlan cp : planned) {
            String os = sessions.stream().filter(s -> s.number() == cp.number()).map(s -> s.info().os()).findFirst()
                    .orElse("");
            cis.add(new ClientInfo(cp.name(), cp.number(), cp.procs().size(), os));
        }
        r.clients = cis;
        r.loadPoints = out.points();
        // a LOAD=max run has as many rows as its steps, decided as it ran
        r.complete = failure == null && (rc.topSpeed().unpaced() ? !out.points().isEmpty()
                : out.points().size() == plan.points().size());
        r.failure = failure;
        r.slo = manager.sloResult();
        r.unsupportedOps = unissuableOps();
        if (plan.settings().rules() == WorkloadRules.SPECSFS2008) {
            // peak and ORT describe a paced SFS curve; other runs have their own headline
            Metrics.compute(r.loadPoints).applyTo(r);
        }
        Verdicts.apply(r, plan.settings());
        List<String> notes = new ArrayList<>(r.notes);
        for (ClientSession c : sessions) {
            notes.add(c.label() + ": " + c.info().host() + ", " + c.info().cores() + " cores, " + c.info().engineVersion());
        }
        if (!sessions.isEmpty()) {
            notes.add(fileSetNote(failure));
        }
        r.notes = notes;
        return r.build();
    }
}
