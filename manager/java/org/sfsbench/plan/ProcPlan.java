package org.sfsbench.plan;

import org.sfsbench.rc.MountPoint;

/**
 * One load-generating proc of one client at one load point.
 *
 * @param index       0-based proc index within its client
 * @param globalIndex 0-based index over all procs of all clients (client 1's procs first)
 * @param mountPoint  the file system this proc loads
 */
public record ProcPlan(int index, int globalIndex, MountPoint mountPoint) {
}
