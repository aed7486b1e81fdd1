package org.sfsbench.access;

/**
 * One step of an access-spec test: a spec run by a number of workers per client, each keeping a
 * number of I/Os outstanding on each of its active targets, after a ramp-up that is not measured.
 *
 * @param index          1-based step number
 * @param spec           the access specification
 * @param outstandingIos I/Os each worker keeps in flight on its target
 * @param workers        active workers per client
 * @param targets        active targets per client: the procs that load (one per worker and target)
 * @param rampUpSeconds  load before measuring
 * @param runSeconds     measured seconds
 */
public record AccessStep(int index, AccessSpec spec, int outstandingIos, int workers, int targets,
        int rampUpSeconds, int runSeconds) {

    /**
     * The engine step (sfs_engine_step): its workers load unpaced with its outstanding I/Os and spec,
     * on the targets the test prepared once (one proc per target).
     */
    public String engineChanges() {
        return "active=" + targets + "\nrate=0\noutstanding_ios=" + outstandingIos + "\naccess_spec="
                + spec.engineText() + "\n";
    }

    /** "File Server, 8 outstanding I/Os, 2 workers per client" (", 6 targets" when not one per worker). */
    public String label() {
        return spec.name() + ", " + outstandingIos + " outstanding I/O" + (outstandingIos == 1 ? "" : "s") + ", "
                + workers + " worker" + (workers == 1 ? "" : "s") + (targets == workers ? "" : ", " + targets
                        + " targets") + " per client";
    }
}
