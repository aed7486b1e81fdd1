package org.sfsbench.manager;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.link.WorkerState;
import org.sfsbench.rmi.WorkerStatus;
import org.sfsbench.stats.EngineSample;

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

    /**
     * Each client's workers decoded and merged, once per poll (a poll of 1,000 clients is read by
     * the progress line, the intervals and the live page): null for a client without workers or
     * with a worker that sent no sample.
     */
    static List<EngineSample> samplesByClient(List<List<WorkerStatus>> st) {
        List<EngineSample> out = new ArrayList<>(st.size());
        for (List<WorkerStatus> ws : st) {
            List<EngineSample> mine = new ArrayList<>(ws.size());
            for (WorkerStatus w : ws) {
                if (w.sample() != null) {
                    mine.add(EngineSample.decode(w.sample()));
                }
            }
            out.add(mine.size() == ws.size() && !mine.isEmpty() ? EngineSample.merge(mine) : null);
        }
        return out;
    }

    /** The clients' samples merged, or null unless every worker of every client sent one. */
    static EngineSample mergedOrNull(List<List<WorkerStatus>> st, List<EngineSample> byClient) {
        List<EngineSample> present = new ArrayList<>(byClient.size());
        for (int i = 0; i < byClient.size(); i++) {
            if (byClient.get(i) != null) {
                present.add(byClient.get(i));
            } else if (!st.get(i).isEmpty()) {
                return null;
            }
        }
        return present.isEmpty() ? null : EngineSample.merge(present);
    }
}
