package org.sfsbench.manager;

import java.util.List;

import org.sfsbench.link.WorkerState;
import org.sfsbench.rmi.WorkerStatus;

/** Figures over the workers' statuses of one poll (a list per client). */
final class WorkerStatuses {

    private WorkerStatuses() {
    }

    /** "client C worker W (pid P) still running; " for every worker not done, or "". */
    static String notDone(List<List<WorkerStatus>> st) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < st.size(); i++) {
            for (WorkerStatus w : st.get(i)) {
                if (w.state() != WorkerState.DONE) {
                    sb.append("client ").append(i + 1).append(" worker ").append(w.worker() + 1).append(" (pid ")
                            .append(w.pid()).append(") still running; ");
                }
            }
        }
        return sb.toString();
    }

    /** The workers of all clients. */
    static int workerCount(List<List<WorkerStatus>> st) {
        int n = 0;
        for (List<WorkerStatus> ws : st) {
            n += ws.size();
        }
        return n;
    }
}
