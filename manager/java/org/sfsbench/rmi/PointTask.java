package org.sfsbench.rmi;

import java.io.Serializable;
import java.util.List;

import org.sfsbench.loadfile.LoadfileCopy;

/**
 * One load point's work for one client: a worker per engine config, and with WORKLOAD=loadfile the
 * loadfile the workers replay (null otherwise; the agent stores it and names its copy in the
 * configs). Configs contain the CIFS password; {@link #toString()} never prints them.
 */
public record PointTask(int loadPoint, int clientNumber, String clientName, List<String> engineConfigs,
        LoadfileCopy loadfile) implements Serializable {
    @Override
    public String toString() {
        return "PointTask[point " + loadPoint + ", client " + clientNumber + " " + clientName + ", "
                + engineConfigs.size() + " worker(s)" + (loadfile == null ? "" : ", " + loadfile) + "]";
    }
}
