package org.sfsbench.plan;

import java.util.List;

/**
 * One client's share of a load point.
 *
 * @param name   host name or address as written in CLIENTS
 * @param number 1-based client number (position in CLIENTS)
 * @param procs  its PROCS procs, proc 0 first
 */
public record ClientPlan(String name, int number, List<ProcPlan> procs) {
    public ClientPlan {
        procs = List.copyOf(procs);
    }
}
