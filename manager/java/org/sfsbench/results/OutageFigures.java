package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import org.sfsbench.results.model.OutageResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.Outage;

/**
 * The figures of a RUN's outages (docs/running.md "Outages"), from the merged cumulative samples of
 * every poll (about one a second): ops/s and latency per interval are differences of them, so the
 * level before an outage, the recovery after it and the p99 before, during and after it need no
 * more from the engine than its counters and the outages it reports.
 */
public final class OutageFigures {
    /** The share of the level before an outage that counts as recovered. */
    public static final double RECOVERED = 0.9;
    /** The window before an outage whose ops/s is its level, seconds. */
    public static final double LEVEL_SECONDS = 10;

    private record Tick(double seconds, long ops, LatencyHistogram latency) {
    }

    private final List<Tick> ticks = new ArrayList<>();

    /** One poll's merged sample of RUN. */
    public void add(EngineSample merged) {
        ticks.add(new Tick(merged.elapsedUs() / 1e6, merged.totalOps(), merged.total().histogram().copy()));
    }

    /** The figures of the outages of {@code last} (the final merged sample of RUN). */
    public List<OutageResult> of(EngineSample last) {
        List<Tick> all = new ArrayList<>(ticks);
        all.add(new Tick(last.elapsedUs() / 1e6, last.totalOps(), last.total().histogram().copy()));
        List<OutageResult> out = new ArrayList<>();
        for (Outage o : last.outages()) {
            out.add(figures(all, o));
        }
        return out;
    }

    private static OutageResult figures(List<Tick> all, Outage o) {
        double begin = o.beginUs() / 1e6;
        double end = o.lasting() ? Double.NaN : o.endUs() / 1e6;
        Tick start = new Tick(0, 0, new LatencyHistogram());
        Tick atBegin = atOrBefore(all, begin, start);
        Tick levelFrom = atOrBefore(all, begin - LEVEL_SECONDS, start);
        double level = atBegin.seconds > levelFrom.seconds
                ? (atBegin.ops - levelFrom.ops) / (atBegin.seconds - levelFrom.seconds) : Double.NaN;
        Tick afterEnd = o.lasting() ? null : after(all, end);
        Tick finalTick = all.get(all.size() - 1);
        double recovery = Double.NaN;
        if (afterEnd != null && level > 0) {
            Tick prev = atBegin;
            for (Tick t : all) {
                if (t.seconds <= atBegin.seconds) {
                    continue;
                }
                if (t.seconds > end && t.seconds > prev.seconds
                        && (t.ops - prev.ops) / (t.seconds - prev.seconds) >= RECOVERED * level) {
                    recovery = t.seconds - begin;
                    break;
                }
                prev = t;
            }
        }
        Tick duringTo = afterEnd != null ? afterEnd : finalTick;
        return new OutageResult(begin, end, o.resent(), o.failed(), o.reconnects(), o.reopened(), o.lost(), recovery,
                p99(start, atBegin), p99(atBegin, duringTo), afterEnd == null ? Double.NaN : p99(afterEnd, finalTick));
    }

    private static Tick atOrBefore(List<Tick> all, double seconds, Tick none) {
        Tick found = none;
        for (Tick t : all) {
            if (t.seconds <= seconds) {
                found = t;
            }
        }
        return found;
    }

    private static Tick after(List<Tick> all, double seconds) {
        for (Tick t : all) {
            if (t.seconds > seconds) {
                return t;
            }
        }
        return all.get(all.size() - 1);
    }

    private static double p99(Tick from, Tick to) {
        LatencyHistogram h = to.latency.minus(from.latency);
        return h.count() == 0 ? Double.NaN : h.percentile(99) / 1000.0;
    }
}
