package org.sfsbench.manager;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.live.LiveListener;
import org.sfsbench.live.LiveTick;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.stats.EngineSample;

/** Turns the manager's polls and finished points into what a {@link LiveListener} receives. */
final class LiveFeed {
    private final LiveListener live;
    private final Progress progress;
    private final ClientClocks clocks;

    LiveFeed(LiveListener live, Progress progress, ClientClocks clocks) {
        this.live = live;
        this.progress = progress;
        this.clocks = clocks;
    }

    /** One poll: each client's workers merged (null for a client with a worker that sent nothing). */
    void tick(LoadPoint point, int nPoints, String phase, double phaseSecondsLeft, List<ClientSession> clients,
            List<EngineSample> samples) {
        if (live == LiveListener.NONE) {
            return;
        }
        long now = System.currentTimeMillis();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            names.add(clients.get(i).name());
        }
        RunEta eta = progress.eta();
        live.tick(new LiveTick(now, point.index(), nPoints, phase, phaseSecondsLeft, point.requestedOps(),
                eta == null ? Double.NaN : eta.secondsLeft(now), names, samples, clocks.stragglers()));
    }

    void pointFinished(LoadPointResult r) {
        live.pointFinished(new LiveListener.FinishedPoint(r.index(), r.requestedOpsPerSec(), r.achievedOpsPerSec(),
                r.msecPerOp(), r.throughputMBps()));
    }
}
