package org.sfsbench.rmi;

import java.io.Serializable;
import java.util.List;

import org.sfsbench.loadfile.LoadfileCopy;

/**
 * One load point's work for one client: a worker per engine config, and with WORKLOAD=loadfile the
 * loadfiles the workers replay: one, which every proc replays, or one per proc in the procs' order (a
 * set); empty for the other workloads. The agent stores them and names its copies in the configs.
 * Configs contain the CIFS password; {@link #toString()} never prints them.
 */
public record PointTask(int loadPoint, int clientNumber, String clientName, List<String> engineConfigs,
        List<LoadfileCopy> loadfiles) implements Serializable {
    public PointTask {
        loadfiles = List.copyOf(loadfiles);
    }

    @Override
    public String toString() {
        return "PointTask[point " + loadPoint + ", client " + clientNumber + " " + clientName + ", "
                + engineConfigs.size() + " worker(s)" + (loadfiles.isEmpty() ? "" : ", " + loadfiles) + "]";
    }
}
