package org.sfsbench.manager;

import java.io.File;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

import org.sfsbench.access.AccessStep;
import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Phase;
import org.sfsbench.link.WorkerState;
import org.sfsbench.live.LiveListener;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.DebugFlag;
import org.sfsbench.plan.Step;
import org.sfsbench.plan.StepSequence;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.IntervalTracker;
import org.sfsbench.results.LoadPointBuilder;
import org.sfsbench.results.LoadfileText;
import org.sfsbench.results.LoadPointPlan;
import org.sfsbench.results.Timestamps;
import org.sfsbench.results.Trials;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.ServerResult;
import org.sfsbench.results.model.StepResult;
import org.sfsbench.results.model.WarmupResult;
import org.sfsbench.rmi.PointTask;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.servermon.ServerMonitor;
import org.sfsbench.slo.SloText;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.stats.SteadyState;

/**
 * Drives one benchmark run from the prime client: for every load point, every client's agent
 * starts its workers, all clients pass INIT, then WARMUP and RUN start at shared wall-clock
 * instants; counters are polled every second (which is also the agents' heartbeat), and the
 * point's row is written as soon as RUN ends, so a later failure loses nothing finished.
 */
public final class RunManager {
    private static final long POLL_MS = 1000;
    /** INIT's first poll; each later one waits twice as long, up to {@link #POLL_MS}. */
    private static final long INIT_FIRST_POLL_MS = 100;
    /** Lead time so every client receives the start before the shared instant. */
    private static final long BARRIER_LEAD_MS = 1500;
    /** WARMUP's lead on a fast link: a load point waits its lead out, RUN's is taken from WARMUP. */
    private static final long MIN_WARMUP_LEAD_MS = 250;
    /** Grace after a phase's planned end before a silent client is declared hung. */
    private static final long PHASE_GRACE_MS = 20_000;

    private final RunConfig rc;
    private final RunPlan plan;
    private final ResultSink sink;
    private final Progress progress;
    private final String suffix;
    private final File monitorOutput;
    private final OpNames names = OpNames.canonical();
    private final LiveFeed live;
    private final ServerMonitor server;
    private List<ClientSession> clients = List.of();
    private final ClientCalls calls;
    /** Every op of every client in the last measured window (what an SLO probe is judged on). */
    private OpCounters lastWindow;
    private SloResult slo;
    /** The current RUN's outages and DISRUPT (OUTAGE=ride). */
    private OutageWatch riding = OutageWatch.NONE;

    /**
     * @param live receives every poll and finished point (the live page, /metrics, --live-file)
     * @param server the server monitor (SERVER_MON) whose figures go into every point; null without
     */
    public RunManager(RunConfig rc, RunPlan plan, ResultSink sink, Progress progress, String suffix, File monitorOutput,
            LiveListener live, ServerMonitor server) {
        this.rc = rc;
        this.plan = plan;
        this.sink = sink;
        this.progress = progress;
        this.server = server;
        this.suffix = suffix;
        this.monitorOutput = monitorOutput;
        this.calls = new ClientCalls(rc, this::debug, sink, progress);
        this.live = new LiveFeed(live, progress, calls.clocks());
    }

    /** Ctrl-C or another outside reason: the current phase ends, results so far are kept. */
    public void requestAbort(String reason) {
        calls.requestAbort(reason);
    }

    /** Stops load on every client (best effort) and returns the exception to throw. */
    RunAbortedException fail(String reason) {
        return calls.fail(reason);
    }

    private void checkAbort() throws RunAbortedException {
        calls.checkAbort();
    }

    /** The SLO search's outcome (as far as it went), or null when the run has no SLO. */
    public SloResult sloResult() {
        return slo;
    }

    /** Runs every load point on the connected clients; throws with the cause on the first failure. */
    public void run(List<ClientSession> sessions) throws RunAbortedException {
        this.clients = sessions;
        calls.clients(sessions);
        long seed = System.nanoTime() & 0xffffffL;
        List<LoadPoint> points = plan.points();
        if (rc.topSpeed().unpaced()) {
            runSteps(points.get(0), points.get(0), rc.procs(), seed);
            return;
        }
        if (rc.access() != null && rc.topSpeed().slo() != null) {
            // the SLO search of the test's one step: its targets' workers, unpaced then paced probes
            runSteps(plan.accessTargets(), points.get(0), rc.accessStep(1).targets(), seed);
            return;
        }
        if (rc.access() != null) {
            runAccessSteps(points, seed);
            return;
        }
        progress.eta(new RunEta(points.stream().map(LoadPoint::requestedOps).toList(),
                rc.warmupTime() * rc.trials(), rc.runtime() * rc.trials(), System.currentTimeMillis()));
        for (LoadPoint point : points) {
            checkAbort();
            if (rc.loadfile() != null) {
                progress.println(String.format("%s  Executing run %d of %d (%d clients replaying %s) ...",
                        Timestamps.now(), point.index(), points.size(), point.nominalLoad(),
                        rc.loadfile().file().getFileName()));
            } else {
                progress.println(String.format("%s  Executing run %d of %d (requested %d ops/s, %d ops/s per proc) ...",
                        Timestamps.now(), point.index(), points.size(), point.requestedOps(),
                        point.perProcRate()));
            }
            List<LoadPointResult> trials = new ArrayList<>();
            for (int t = 1; t <= rc.trials(); t++) {
                if (rc.trials() > 1) {
                    progress.println(String.format("     trial %d of %d", t, rc.trials()));
                }
                trials.add(runPoint(point, points.size(), seed));
            }
            LoadPointResult r = Trials.combine(trials);
            sink.pointFinished(r);
            live.pointFinished(r);
            if (rc.loadfile() != null) {
                LoadfileText.lines(r).forEach(progress::println);
            }
            progress.println(String.format("     load point %d done: %.1f ops/s achieved of %d requested, %.1f msec/op",
                    point.index(), r.achievedOpsPerSec(), r.requestedOpsPerSec(), r.msecPerOp()));
            if (rc.primeSleep() > 0 && point.index() < points.size()) {
                sink.log("PRIME_SLEEP: pausing " + rc.primeSleep() + " s before load point " + (point.index() + 1));
                progress.println("     PRIME_SLEEP: pausing " + rc.primeSleep() + " s");
                pause(rc.primeSleep() * 1000L);
            }
        }
    }

    /**
     * A DEBUG line of the parent (the prime and the agents it drives) in sfslog: flag 2
     * DEBUG_PARENT_GENERAL, flag 3 DEBUG_PARENT_SIGNAL (the phase commands the prime sends to the
     * clients' workers, sfsbench's counterpart of the signals between SPECsfs's parent and children).
     */
    private void debug(DebugFlag flag, String message) {
        if (rc.debugFlags().contains(flag.value())) {
            sink.log(flag.name() + ": " + message);
        }
    }

    /** Sleeps {@code ms}, ending early (with the run) on an abort request. */
    private void pause(long ms) throws RunAbortedException {
        long end = System.currentTimeMillis() + ms;
        for (long left = ms; left > 0; left = end - System.currentTimeMillis()) {
            checkAbort();
            sleep(Math.min(POLL_MS, left));
        }
        checkAbort();
    }

    /**
     * How long the prime waits past a phase's planned end (or INIT_TIMEOUT) for a client that has
     * not reached the barrier: PRIME_TIMEOUT, else {@link #PHASE_GRACE_MS}.
     */
    /** An outage ridden through may last past a phase's end: the grace covers OUTAGE_MAX too. */
    private long barrierGraceMs() {
        long base = rc.primeTimeout() > 0 ? rc.primeTimeout() * 1000L : PHASE_GRACE_MS;
        return base + (rc.outage().ride() ? rc.outage().maxSeconds() * 1000L : 0);
    }

    private String graceText() {
        boolean prime = rc.primeTimeout() > 0;
        boolean ride = rc.outage().ride();
        return barrierGraceMs() / 1000 + " s" + (prime && ride ? " (PRIME_TIMEOUT + OUTAGE_MAX)"
                : prime ? " (PRIME_TIMEOUT)" : ride ? " (with OUTAGE_MAX)" : "");
    }

    private LoadPointResult runPoint(LoadPoint point, int nPoints, long seed) throws RunAbortedException {
        String start = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        sink.log("load point " + point.index() + "/" + nPoints + ": requested " + point.requestedOps()
                + " ops/s, " + point.perProcRate() + " ops/s per proc");
        try {
            prepare(point, seed);
            init(point, nPoints);
            return measure(point, nPoints, rc.procs(), rc.warmupTime(), rc.runtime(), start);
        } finally {
            finishPoint();
        }
    }

    /**
     * A LOAD=max run, or an access test's SLO search: one file set (INIT once, on {@code open}), then
     * the steps of {@link StepSequence} on {@code procs} procs of each client of {@code point}, each a
     * change of active procs and rate followed by WARMUP (the ramp) and RUN; every step is a result
     * row. The knee and an early end are recorded once the steps are over.
     */
    private void runSteps(LoadPoint open, LoadPoint point, int procs, long seed) throws RunAbortedException {
        StepSequence seq = new StepSequence(rc.topSpeed(), procs, clients.size(), rc.warmupTime(), rc.runtime());
        List<LoadPointResult> results = new ArrayList<>();
        try {
            prepare(open, seed);
            init(open, 1);
            for (Step s = seq.next(); s != null; s = seq.next()) {
                checkAbort();
                String start = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
                progress.println(String.format("%s  Step %d: %s ...", Timestamps.now(), s.index(), s.label())
                        + (s.kind() == Step.Kind.PROBE ? SloText.request(seq.probe()) : ""));
                sink.log("step " + s.index() + ": " + s.label() + ", ramp " + s.rampSeconds() + " s, measured "
                        + s.measureSeconds() + " s");
                long requested = Math.round(s.perProcRate() * s.procsPerClient() * clients.size());
                LoadPoint sp = new LoadPoint(s.index(), (int) requested, (int) requested, (int) Math.floor(s.perProcRate()),
                        point.clients());
                List<LoadPointResult> trials = new ArrayList<>();
                for (int t = 1; t <= rc.trials(); t++) {
                    calls.stepAll(s.index(), s.engineChanges());
                    trials.add(measure(sp, 0, s.procsPerClient(), s.rampSeconds(), s.measureSeconds(),
                            t == 1 ? start : Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
                }
                StepResult stepOf = StepRows.stepResult(s);
                LoadPointResult r = Trials.combine(trials).with(b -> b.step = stepOf);
                sink.pointFinished(r);
                live.pointFinished(r);
                results.add(r);
                seq.record(r.achievedOpsPerSec(), r.msecPerOp());
                progress.println(String.format("     step %d done: %.1f ops/s, %.1f MB/s, %.2f msec/op%s", s.index(),
                        r.achievedOpsPerSec(), r.throughputMBps(), r.msecPerOp(), StepRows.cpuText(r)));
                if (s.kind() == Step.Kind.PROBE) {
                    SloProbeResult judgedProbe = seq.recordProbe(lastWindow, r.seconds(), r.failedOps());
                    String judged = SloText.judged(judgedProbe, judgedProbe == null ? seq.probe() : null);
                    slo = seq.sloResult();
                    sink.log(judged.trim());
                    progress.println(judged);
                }
            }
            slo = seq.sloResult();
            if (slo != null) {
                sink.log(slo.answer());
                progress.println("     " + slo.answer());
            }
            int knee = seq.knee();
            if (knee >= 0) {
                results.get(knee).step().setKnee(true);
                sink.log("knee: step " + (knee + 1) + " (" + results.get(knee).step().getProcsPerClient()
                        + " procs per client, " + String.format("%.1f", results.get(knee).achievedOpsPerSec()) + " ops/s)");
            }
            if (!seq.stopReason().isEmpty()) {
                sink.log("steps ended early: " + seq.stopReason());
                progress.println("     steps ended early: " + seq.stopReason());
            }
        } finally {
            finishPoint();
        }
    }

    /**
     * A WORKLOAD=access test, as Iometer runs it: the workers' targets are opened and prepared once
     * (INIT), then every step (spec x workers x outstanding I/Os) changes the engine's spec, depth and
     * active workers, ramps up (WARMUP) and is measured (RUN); each step is one load point of the
     * results.
     */
    private void runAccessSteps(List<LoadPoint> points, long seed) throws RunAbortedException {
        progress.eta(new RunEta(points.stream().map(LoadPoint::requestedOps).toList(),
                rc.warmupTime() * rc.trials(), rc.runtime() * rc.trials(), System.currentTimeMillis()));
        LoadPoint targets = plan.accessTargets();
        try {
            prepare(targets, seed);
            init(targets, points.size());
            for (LoadPoint point : points) {
                checkAbort();
                AccessStep s = rc.access().step(point.index());
                String start = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
                progress.println(String.format("%s  Step %d of %d: %s ...", Timestamps.now(), s.index(),
                        points.size(), s.label()));
                sink.log("step " + s.index() + ": " + s.label() + ", ramp " + s.rampUpSeconds() + " s, measured "
                        + s.runSeconds() + " s");
                if (progress.eta() != null) {
                    progress.eta().stepStarted(point.index(), System.currentTimeMillis());
                }
                List<LoadPointResult> trials = new ArrayList<>();
                for (int t = 1; t <= rc.trials(); t++) {
                    calls.stepAll(s.index(), s.engineChanges());
                    trials.add(measure(point, points.size(), s.targets(), s.rampUpSeconds(), s.runSeconds(),
                            t == 1 ? start : Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
                }
                LoadPointResult r = AccessResults.identified(Trials.combine(trials), s);
                sink.pointFinished(r);
                live.pointFinished(r);
                progress.println(String.format("     step %d done: %.1f IOPS, %.2f MB/s, %.3f ms, %d errors%s",
                        s.index(), r.achievedOpsPerSec(), r.throughputMBps(), r.msecPerOp(), r.failedOps(), StepRows.cpuText(r)));
            }
        } finally {
            finishPoint();
        }
    }

    private void finishPoint() {
        sink.log(calls.takePollSummary());
        // a dead or hung agent was already reported; the others close their workers
        AgentCalls.all(clients, AgentCalls.CLEANUP_WAIT_MS, a -> {
            a.finishPoint();
            return null;
        });
    }

    /** WARMUP then RUN on the opened, initialised workers; the monitor script runs during RUN. */
    private LoadPointResult measure(LoadPoint point, int nPoints, int procsPerClient, int warmup, int runtime,
            String start) throws RunAbortedException {
        try {
            long warmupAt = System.currentTimeMillis() + calls.leadMs(MIN_WARMUP_LEAD_MS, BARRIER_LEAD_MS);
            // LOADFILE_PASSES: measured from the first line, so no WARMUP replays any of it
            boolean warms = rc.loadfile() == null || rc.loadfile().passes() == 0;
            long runAt = warmupAt + warmup * 1000L;
            PointClock clock = new PointClock(warmupAt, warmup + runtime);
            SteadyState steady = rc.steadyWarmup() ? new SteadyState(SteadyState.DEFAULT_PERCENTILE) : null;
            if (warms) {
                calls.startAll(Phase.WARMUP, warmup, warmupAt);
                sink.log("load point " + point.index() + ": WARMUP " + (rc.steadyWarmup() ? "until steady, at most "
                        : "") + warmup + " s");
                watch(point, nPoints, "WARMUP", clock, warmupAt, runAt - BARRIER_LEAD_MS, null, null, false, steady);
            }
            WarmupResult warmed = null;
            if (steady != null) {
                // settled early: RUN starts on every client at one shared instant, as at the cap
                runAt = Math.min(runAt, System.currentTimeMillis() + BARRIER_LEAD_MS);
                SteadyState.Judgement j = steady.judge();
                warmed = new WarmupResult((runAt - warmupAt) / 1000.0, warmup, j.settled(), steady.percentile(),
                        j.throughputDrift(), j.percentileDrift(), j.meanDrift());
                sink.log("load point " + point.index() + ": warm-up " + warmed.text());
                progress.println("     warm-up " + warmed.text());
            }
            WarmupResult warmupResult = warmed;
            calls.startAll(Phase.RUN, runtime, runAt);
            sink.log("load point " + point.index() + ": RUN " + runtime + " s");
            PrimeMonitor monitor = rc.primeMonScript() == null ? null
                    : new PrimeMonitor(rc.primeMonScript().toString(), String.join(" ", rc.primeMonArgs()), monitorOutput);
            IntervalTracker intervals = new IntervalTracker();
            List<IntervalPoint> intervalPoints = new ArrayList<>();
            riding = OutageWatch.forRun(rc.outage(), runAt, point.index(), sink);
            try {
                if (monitor != null) {
                    sleepUntil(runAt);
                    monitor.start(point.index());
                }
                List<List<WorkerStatus>> last = watch(point, nPoints, "RUN", clock, runAt, runAt + runtime * 1000L,
                        intervals, intervalPoints, true, null);
                ServerResult onServer = ServerWindow.figures(server, runAt, runtime, last, rc.fsProtocol());
                PointResults.Measured m = PointResults.of(rc, names, point, procsPerClient, runtime, last, clients,
                        calls.clocks());
                lastWindow = m.window();
                LoadPointResult r = m.point().with(b -> {
                    b.server = onServer;
                    b.warmup = warmupResult;
                    b.intervals = intervalPoints;
                    b.startTime = start;
                    b.outages = riding.outages(m.run());
                });
                if (r.loadfilePasses() > 0) {
                    sink.log("load point " + point.index() + ": " + LoadfileText.passesLine(r));
                }
                return riding.report(r, progress);
            } finally {
                if (monitor != null) {
                    monitor.stop();
                }
                riding.end();
            }
        } catch (IOException e) {
            throw fail("PRIME_MON_SCRIPT " + rc.primeMonScript() + " could not be started: " + e.getMessage());
        }
    }

    private void prepare(LoadPoint point, long seed) throws RunAbortedException {
        List<Future<?>> pending = new ArrayList<>();
        for (ClientSession c : clients) {
            ClientPlan cp = point.clients().get(c.number() - 1);
            String config = EngineConfigs.forClient(rc, point, cp, seed, suffix).render();
            debug(DebugFlag.DEBUG_PARENT_GENERAL, c.label() + ": prepare load point " + point.index() + ", "
                    + cp.procs().size() + " procs (global " + cp.procs().get(0).globalIndex() + "-"
                    + cp.procs().get(cp.procs().size() - 1).globalIndex() + ") at " + point.perProcRate()
                    + " ops/s each");
            PointTask task = new PointTask(point.index(), c.number(), c.name(), List.of(config),
                    rc.loadfile() == null ? List.of() : rc.loadfile().copiesFor(c.number() - 1));
            pending.add(calls.submit(() -> {
                c.agent().prepare(task);
                return null;
            }));
        }
        calls.await(pending, "opening the mount points", rc.initTimeout() * 1000L);
    }

    private void init(LoadPoint point, int nPoints) throws RunAbortedException {
        long at = System.currentTimeMillis();
        RunEta eta = progress.eta();
        if (eta != null) {
            eta.initStarted(point.index(), at);
        }
        calls.startAll(Phase.INIT, rc.initTimeout(), at);
        long deadline = at + rc.initTimeout() * 1000L + barrierGraceMs();
        // most file sets are built in well under a second: polling soon, then every POLL_MS,
        // ends a short INIT without waiting out a whole poll
        long pollMs = INIT_FIRST_POLL_MS;
        while (true) {
            checkAbort();
            List<List<WorkerStatus>> st = calls.pollAll();
            List<EngineSample> byClient = WorkerStatuses.samplesByClient(st);
            long done = 0;
            long total = 0;
            boolean all = true;
            for (int i = 0; i < st.size(); i++) {
                EngineSample s = byClient.get(i);
                if (s != null) {
                    done += s.initDone();
                    total += s.initTotal();
                }
                for (WorkerStatus w : st.get(i)) {
                    all &= w.state() == WorkerState.DONE;
                }
            }
            debug(DebugFlag.DEBUG_PARENT_GENERAL, "INIT of load point " + point.index() + ": " + done + " of " + total
                    + " file-set objects, every worker done: " + all);
            if (all) {
                sink.log("load point " + point.index() + ": INIT done, " + total + " file-set objects");
                if (eta != null) {
                    eta.initDone(System.currentTimeMillis());
                }
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw fail("INIT did not finish within INIT_TIMEOUT=" + rc.initTimeout() + " s and a grace of "
                        + graceText() + " (" + done + " of " + total + " file-set objects created)");
            }
            long now = System.currentTimeMillis();
            if (eta != null) {
                eta.initProgress(done, total, now);
            }
            // INIT has no planned length: show what is built, not the INIT_TIMEOUT countdown
            double initLeft = done > 0 && total > 0 ? (now - at) / 1000.0 * (total - done) / done : Double.NaN;
            live.tick(point, nPoints, "INIT", initLeft, clients, byClient);
            progress.status(new Progress.Status(point.index(), nPoints, "INIT", initLeft, (now - at) / 1000.0,
                    Double.NaN, Double.NaN, point.requestedOps(), Double.NaN, 0, 0,
                    total > 0 ? String.format("file set %d/%d", done, total) : "creating file set"));
            sleep(pollMs);
            pollMs = Math.min(POLL_MS, pollMs * 2);
        }
    }

    /**
     * Polls until {@code until} (WARMUP) or until every worker reports RUN done; records
     * intervals and shows progress. Returns the last statuses.
     */
    private List<List<WorkerStatus>> watch(LoadPoint point, int nPoints, String phase, PointClock clock, long from,
            long until, IntervalTracker intervals, List<IntervalPoint> intervalPoints, boolean waitForDone,
            SteadyState steady) throws RunAbortedException {
        long interval = Math.max(1, rc.sampleInterval()) * 1000L;
        long nextInterval = from + interval;
        EngineSample previous = null;
        long previousAt = from;
        while (true) {
            checkAbort();
            long now = System.currentTimeMillis();
            List<List<WorkerStatus>> st = calls.pollAll();
            boolean allDone = true;
            for (List<WorkerStatus> ws : st) {
                for (WorkerStatus w : ws) {
                    allDone &= w.state() == WorkerState.DONE;
                }
            }
            List<EngineSample> byClient = WorkerStatuses.samplesByClient(st);
            // a tick counts only when every worker reported (a missing one would make totals drop)
            EngineSample merged = WorkerStatuses.mergedOrNull(st, byClient);
            if (merged != null && now >= from) {
                double rate = Double.NaN;
                double mean = Double.NaN;
                if (previous != null && merged.phase() == previous.phase() && now > previousAt
                        && merged.totalOps() >= previous.totalOps()) {
                    EngineSample d = merged.minus(previous);
                    rate = d.totalOps() * 1000.0 / (now - previousAt);
                    mean = d.totalOps() > 0 ? d.total().meanUs() / 1000.0 : Double.NaN;
                    if (steady != null && merged.phase() == Phase.WARMUP
                            && steady.add((now - previousAt) / 1000.0, d.totalOps(), d.total().histogram()).settled()) {
                        return st;
                    }
                }
                if (progress.eta() != null) {
                    progress.eta().phaseEndsAt(until);
                }
                live.tick(point, nPoints, phase, (until - now) / 1000.0, clients, byClient);
                progress.status(new Progress.Status(point.index(), nPoints, phase, (until - now) / 1000.0,
                        (now - clock.start()) / 1000.0, clock.seconds(), rate, point.requestedOps(), mean,
                        merged.totalErrors(), merged.behind(), calls.clocks().stragglers()));
                previous = merged;
                previousAt = now;
                riding.poll(merged);
                if (intervals != null && now >= nextInterval && merged.phase() == Phase.RUN) {
                    IntervalPoint ip = intervals.next(merged);
                    intervalPoints.add(ip);
                    sink.interval(point.index(), ip);
                    nextInterval += interval;
                }
            }
            if (waitForDone && allDone) {
                return st;
            }
            if (!waitForDone && now >= until) {
                return st;
            }
            if (waitForDone && now > until + barrierGraceMs()) {
                throw fail(phase + " did not end " + graceText() + " after its planned end: " + WorkerStatuses.notDone(st));
            }
            sleep(Math.min(POLL_MS, Math.max(10, (waitForDone ? until + 200 : until) - now)));
        }
    }

    Backend protocol() {
        return rc.fsProtocol();
    }

    private void sleepUntil(long atMs) throws RunAbortedException {
        long d = atMs - System.currentTimeMillis();
        if (d > 0) {
            sleep(d);
        }
    }

    private void sleep(long ms) throws RunAbortedException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail("interrupted");
        }
    }
}
