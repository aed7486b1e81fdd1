package org.sfsbench.manager;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.Phase;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.results.PhaseAlignment;
import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.rmi.AgentStatus;
import org.sfsbench.rmi.WorkerStatus;

/**
 * Every client's clock as the manager sees it (docs/running.md, "Clocks"): its offset
 * ({@link ClockOffset}) from the status round trips, when its workers really started each phase
 * (by the manager's clock) against the instant asked for, and stragglers: an agent whose answer
 * took longer than {@link PhaseAlignment#STRAGGLER_MS}, a worker with procs over 1 s behind their schedule.
 */
final class ClientClocks {

    private final List<ClockOffset> offsets = new ArrayList<>();
    private final List<PointFigures> point = new ArrayList<>();
    private final List<String> stragglers = new ArrayList<>();
    private Phase expected = Phase.IDLE;
    private long expectedAtMs;

    /** Per client, what one load point saw. */
    private static final class PointFigures {
        double warmupLagMs = Double.NaN;
        double runLagMs = Double.NaN;
        int stepsAtStart;
        double slowestAnswerMs;
        long behindProcs;
    }

    synchronized void clients(int n) {
        offsets.clear();
        point.clear();
        for (int i = 0; i < n; i++) {
            offsets.add(new ClockOffset());
            point.add(new PointFigures());
        }
    }

    synchronized boolean measured(int i) {
        return offsets.get(i).measured();
    }

    /** Manager-clock instant {@code atMs} in client {@code i}'s clock, ms (unchanged before any round trip). */
    synchronized long toClient(int i, long atMs) {
        return atMs + Math.round(offsets.get(i).offsetMs());
    }

    /**
     * The manager asked every client to start {@code phase} at {@code atMs} (manager clock); WARMUP
     * opens a new load point's figures.
     */
    synchronized void expect(Phase phase, long atMs) {
        expected = phase;
        expectedAtMs = atMs;
        if (phase == Phase.WARMUP) {
            for (int i = 0; i < point.size(); i++) {
                PointFigures f = new PointFigures();
                f.stepsAtStart = offsets.get(i).steps();
                point.set(i, f);
            }
        }
    }

    /** Starts the stragglers of one status round. */
    synchronized void newRound() {
        stragglers.clear();
    }

    /**
     * One client's status answer, sent and received at the given manager-clock instants (us);
     * returns what to state on the console and in sfslog: a clock step it revealed, a straggler's
     * answer. An answer is timed from when it could be given: a worker waiting for a phase's
     * instant answers once it has started.
     */
    synchronized List<String> answer(int i, String label, long sentUs, long receivedUs, AgentStatus s) {
        ClockOffset off = offsets.get(i);
        List<String> notices = new ArrayList<>();
        String step = off.add(sentUs, receivedUs, s.agentEpochUs());
        if (!step.isEmpty()) {
            notices.add(label + ": " + step);
        }
        PointFigures f = point.get(i);
        double rttMs = (receivedUs - Math.max(sentUs, expectedAtMs * 1000)) / 1000.0;
        f.slowestAnswerMs = Math.max(f.slowestAnswerMs, rttMs);
        long behind = 0;
        for (WorkerStatus w : s.workers()) {
            if (w.sample() != null) {
                behind += w.sample().at(SampleLayout.S_BEHIND);
            }
            if ((expected == Phase.WARMUP || expected == Phase.RUN) && w.phase() == expected && w.phaseStartEpochUs() > 0) {
                double lag = (w.phaseStartEpochUs() - off.offsetMs() * 1000.0) / 1000.0 - expectedAtMs;
                if (expected == Phase.WARMUP) {
                    f.warmupLagMs = worse(f.warmupLagMs, lag);
                } else {
                    f.runLagMs = worse(f.runLagMs, lag);
                }
            }
        }
        f.behindProcs = Math.max(f.behindProcs, behind);
        if (rttMs > PhaseAlignment.STRAGGLER_MS) {
            String late = String.format(Locale.ROOT, "%s answered in %.1f s", label, rttMs / 1000);
            stragglers.add(late);
            notices.add("straggler: " + late);
        }
        if (behind > 0) {
            stragglers.add(label + " " + behind + " procs >1 s behind");
        }
        return notices;
    }

    private static double worse(double was, double lag) {
        return Double.isNaN(was) || Math.abs(lag) > Math.abs(was) ? lag : was;
    }

    /** The latest round's stragglers, named with their lag ("" when none). */
    synchronized String stragglers() {
        return stragglers.isEmpty() ? "" : "straggler: " + String.join(", ", stragglers);
    }

    /** Client {@code i}'s figures of the current load point; null before any round trip. */
    synchronized ClientClock clock(int i) {
        ClockOffset off = offsets.get(i);
        if (!off.measured()) {
            return null;
        }
        PointFigures f = point.get(i);
        return new ClientClock(off.offsetMs(), off.uncertaintyMs(), f.warmupLagMs, f.runLagMs,
                off.steps() - f.stepsAtStart, f.slowestAnswerMs, f.behindProcs);
    }

    /** The clients' figures of one point, each with its clock figures of the current point. */
    synchronized List<ClientThroughput> withClocks(List<ClientThroughput> clients) {
        List<ClientThroughput> out = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            out.add(clients.get(i).withClock(clock(i)));
        }
        return out;
    }

    /** "offset +3001.2 ms ± 0.4" of client {@code i}. */
    synchronized String describe(int i) {
        ClockOffset off = offsets.get(i);
        return off.measured() ? String.format(Locale.ROOT, "offset %+.1f ms ± %.1f", off.offsetMs(), off.uncertaintyMs())
                : "offset not measured";
    }
}
