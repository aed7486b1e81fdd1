package org.sfsbench.access;

import java.util.ArrayList;
import java.util.List;

/**
 * An access-spec test (docs/access-specs.md): the specs in run order, the outstanding-I/O counts
 * and worker/target counts every spec cycles through, the times of each step and each worker's target.
 *
 * @param source          where the specs came from (a file, or "built-in")
 * @param specs           specs in run order
 * @param outstandingIos  outstanding I/Os per worker, in step order
 * @param active          workers and targets per client, in step order
 * @param rampUpSeconds   unmeasured load at the start of each step
 * @param runSeconds      measured seconds of each step
 * @param regionBytes     bytes of each worker's target that are tested (Iometer's disk maximum size)
 * @param startOffset     first tested byte (Iometer's starting sector x 512)
 * @param wholeTarget     no size was set: a target that is an existing file or block device is tested
 *                        from startOffset to its end (regionBytes then sizes only a created iobw.tst)
 * @param targetWrites    ACCESS_TARGET_WRITES: an existing file or block device target may be written
 */
public record AccessTest(String source, List<AccessSpec> specs, List<Integer> outstandingIos,
        List<Active> active, int rampUpSeconds, int runSeconds, long regionBytes, long startOffset,
        boolean wholeTarget, boolean targetWrites) {

    public AccessTest {
        specs = List.copyOf(specs);
        outstandingIos = List.copyOf(outstandingIos);
        active = List.copyOf(active);
    }

    /** Every step: spec x workers/targets x outstanding I/Os, specs outermost, as Iometer runs them. */
    public List<AccessStep> steps() {
        List<AccessStep> steps = new ArrayList<>();
        for (AccessSpec s : specs) {
            for (Active a : active) {
                for (int q : outstandingIos) {
                    steps.add(new AccessStep(steps.size() + 1, s, q, a.workers(), a.targets(), rampUpSeconds,
                            runSeconds));
                }
            }
        }
        return steps;
    }

    /** The most outstanding I/Os of any step: the engine is opened with it, each step sets its own. */
    public int maxOutstandingIos() {
        return outstandingIos.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** The step of a 1-based index (the load point that runs it). */
    public AccessStep step(int index) {
        return steps().get(index - 1);
    }

    /** Size of each worker's target file: the tested region after its start. */
    public long fileBytes() {
        return startOffset + regionBytes;
    }
}
