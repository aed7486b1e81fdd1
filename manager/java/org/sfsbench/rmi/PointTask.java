package org.sfsbench.rmi;

import java.io.Serializable;
import java.util.List;

/**
 * One load point's work for one client: a worker per engine config. Configs contain the CIFS
 * password; {@link #toString()} never prints them.
 */
public record PointTask(int loadPoint, int clientNumber, String clientName, List<String> engineConfigs)
        implements Serializable {
    @Override
    public String toString() {
        return "PointTask[point " + loadPoint + ", client " + clientNumber + " " + clientName + ", "
                + engineConfigs.size() + " worker(s)]";
    }
}
