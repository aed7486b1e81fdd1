package org.sfsbench.access;

/**
 * What one step runs on each client: its active Iometer workers and their active targets in all.
 * Each target of a worker is one sfsbench proc (docs/access-specs.md, "Several targets per
 * worker"), so {@code targets} is the engine's active proc count; with one target per worker
 * the two are equal.
 *
 * @param workers workers per client with at least one active target
 * @param targets active targets (procs) per client
 */
public record Active(int workers, int targets) {

    /** One target per worker: {@code n} workers, {@code n} procs. */
    public static Active workers(int n) {
        return new Active(n, n);
    }
}
