package org.sfsbench.manager;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.sfsbench.plan.LoadPoint;
import org.sfsbench.rc.LoadfileSettings;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.LoadPointBuilder;
import org.sfsbench.results.LoadPointPlan;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/** A measured point's result, from every worker's last status of RUN. */
final class PointResults {
    private PointResults() {
    }

    /**
     * @param point  the point as measured, without what the run adds around it (server, warm-up,
     *               intervals, start time)
     * @param window every op of every client in the measured window
     */
    record Measured(LoadPointResult point, EngineSample run) {
        /** Every op of every client in the window. */
        OpCounters window() {
            return run.total();
        }
}

    static Measured of(RunConfig rc, OpNames names, LoadPoint point, int procsPerClient, int runtime,
            List<List<WorkerStatus>> last, List<ClientSession> clients, ClientClocks clocks) {
        List<EngineSample> all = new ArrayList<>();
        List<ClientThroughput> perClient = new ArrayList<>();
        double seconds = 0;
        List<EngineSample> byClient = new ArrayList<>();
        for (List<WorkerStatus> ws : last) {
            List<EngineSample> mine = new ArrayList<>();
            for (WorkerStatus w : ws) {
                EngineSample s = EngineSample.decode(w.sample());
                mine.add(s);
                all.add(s);
                seconds = Math.max(seconds, s.elapsedUs() / 1e6);
            }
            byClient.add(EngineSample.merge(mine));
        }
        EngineSample run = EngineSample.merge(all);
        if (!(seconds > 0)) {
            seconds = runtime;
        }
        LoadPointPlan lp = new LoadPointPlan(point.index(), point.requestedOps(), rc.fsProtocol(), clients.size(),
                procsPerClient, rc.biodMaxWrites(), rc.biodMaxReads(), 4);
        Map<Integer, Double> mix = rc.access() == null ? TargetMix.of(rc, names)
                : TargetMix.ofAccess(rc.accessStep(point.index()).spec(), names);
        LoadPointResult.Builder r = LoadPointBuilder.build(lp, run, seconds, mix, names).toBuilder();
        LoadfileSettings lf = rc.loadfile();
        if (lf != null) {
            r.simulatedClients = point.nominalLoad();
            r.replayLag = lf.paced() ? LoadPointBuilder.replayLag(run.lag()) : null;
            r.loadfilePasses = lf.passes();
            // the engine's RUN stops short of RUNTIME when every proc ran out of passes, or when stopped,
            // which ends the run with a failure instead of a point
            r.passesDone = lf.passes() > 0 && seconds < runtime;
        }
        r.endTime = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        for (int i = 0; i < clients.size(); i++) {
            perClient.add(LoadPointBuilder.clientThroughput(clientInfo(clients.get(i)), byClient.get(i), seconds));
        }
        r.clients = clocks.withClocks(perClient);
        return new Measured(r.build(), run);
    }

    static ClientInfo clientInfo(ClientSession c) {
        return new ClientInfo(c.name(), c.number(), 0, c.info().os());
    }
}
