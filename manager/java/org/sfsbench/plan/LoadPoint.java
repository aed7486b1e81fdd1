package org.sfsbench.plan;

import java.util.List;

/**
 * One load point of a run.
 *
 * @param index            1-based position in the run
 * @param nominalLoad      the load the rc file asked for, ops/s
 * @param requestedOps     what the procs together are told to do: perProcRate x total procs
 * @param perProcRate      ops/s of every proc: floor(nominal / total procs)
 * @param clients          every client with its procs and their mount points
 */
public record LoadPoint(int index, int nominalLoad, int requestedOps, int perProcRate, List<ClientPlan> clients) {
    public LoadPoint {
        clients = List.copyOf(clients);
    }
}
