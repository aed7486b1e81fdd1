package org.sfsbench.results;

import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;

/**
 * Turns the cumulative RUN samples of one load point (merged over all clients at each sampling
 * tick, in time order) into interval points: each point is the difference to the previous sample.
 */
public final class IntervalTracker {
    private EngineSample previous;

    /** The interval ending at {@code cumulative}; the first one starts at the phase start. */
    public IntervalPoint next(EngineSample cumulative) {
        EngineSample d = previous == null ? cumulative : cumulative.minus(previous);
        previous = cumulative;
        OpCounters t = d.total();
        double secs = d.elapsedUs() / 1e6;
        return new IntervalPoint(cumulative.elapsedUs() / 1e6, secs > 0 ? t.ops() / secs : 0,
                LoadPointBuilder.ms(t.meanUs()),
                t.ops() > 0 ? t.histogram().percentile(99) / 1000.0 : Double.NaN, t.errors(), cumulative.behind());
    }
}
