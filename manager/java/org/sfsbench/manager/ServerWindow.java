package org.sfsbench.manager;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.results.model.ServerResult;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.servermon.ServerFigures;
import org.sfsbench.servermon.ServerMonitor;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;

/** The server's figures over a point's RUN window, with the clients' side of the sanity check. */
final class ServerWindow {
    private ServerWindow() {
    }

    /** Null without SERVER_MON. */
    static ServerResult figures(ServerMonitor monitor, long runAtMs, int runtime, List<List<WorkerStatus>> last,
            Backend protocol) {
        if (monitor == null) {
            return null;
        }
        List<EngineSample> all = new ArrayList<>();
        for (List<WorkerStatus> ws : last) {
            for (WorkerStatus w : ws) {
                all.add(EngineSample.decode(w.sample()));
            }
        }
        EngineSample run = EngineSample.merge(all);
        long seconds = 0;
        for (EngineSample s : all) {
            seconds = Math.max(seconds, s.elapsedUs() / 1000);
        }
        long endMs = runAtMs + (seconds > 0 ? seconds : runtime * 1000L);
        ServerMonitor.Window w = monitor.window(runAtMs, endMs);
        if (w.missing() != null) {
            return ServerResult.missing(w.missing());
        }
        EngineCatalog catalog = EngineCatalog.get();
        long read = 0;
        long write = 0;
        for (OpCounters c : run.opCounters()) {
            if (catalog.readsData(c.opId())) {
                read += c.bytes();
            } else if (catalog.writesData(c.opId())) {
                write += c.bytes();
            }
        }
        return ServerFigures.of(w.first(), w.last(), run.totalOps(), read, write,
                protocol.has(EngineCatalog.CAP_NETWORK), protocol.has(EngineCatalog.CAP_NFS_RPC));
    }
}
