package org.sfsbench.live;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.results.OutageFigures;
import org.sfsbench.results.model.OutageResult;
import org.sfsbench.stats.EngineSample;

/**
 * The outages (OUTAGE=ride) the polls have shown so far, for the live page's mark and /metrics:
 * each RUN's merged samples go to an {@link OutageFigures}, the manager's own reckoning, so the
 * length and recovery shown live are those the report gives. Times are placed on the wall clock
 * from the poll at which RUN's samples began.
 */
final class LiveOutages {
    /**
     * One outage as the page shows it.
     *
     * @param point the load point or step
     * @param beginMs wall clock of its begin
     * @param endMs wall clock of its end; 0 while it lasts
     * @param beginSeconds its begin, seconds into RUN
     * @param recoverySeconds from its begin until ops/s was back to 90 % of the level before; NaN until then
     */
    record Mark(int point, long beginMs, long endMs, double beginSeconds, double recoverySeconds) {
        boolean lasting() {
            return endMs == 0;
        }

        /** Seconds from begin to end; NaN while it lasts. */
        double seconds() {
            return lasting() ? Double.NaN : (endMs - beginMs) / 1000.0;
        }
    }

    private final List<Mark> earlier = new ArrayList<>();
    private List<Mark> current = List.of();
    private OutageFigures figures;
    private int point = -1;
    private long lastElapsedUs;
    private long runStartMs;

    /** One poll of RUN at wall clock {@code timeMs}: {@code merged} is every client's cumulative sample. */
    void run(int point, long timeMs, EngineSample merged) {
        // a new point, or a new RUN of it (a trial): its own figures
        if (point != this.point || merged.elapsedUs() < lastElapsedUs) {
            earlier.addAll(current);
            current = List.of();
            figures = new OutageFigures();
            this.point = point;
            runStartMs = timeMs - merged.elapsedUs() / 1000;
        }
        lastElapsedUs = merged.elapsedUs();
        figures.add(merged);
        if (!merged.outages().isEmpty()) {
            List<Mark> now = new ArrayList<>();
            for (OutageResult o : figures.of(merged)) {
                long end = Double.isNaN(o.endSeconds()) ? 0 : runStartMs + Math.round(o.endSeconds() * 1000);
                now.add(new Mark(point, runStartMs + Math.round(o.beginSeconds() * 1000), end, o.beginSeconds(),
                        o.recoverySeconds()));
            }
            current = List.copyOf(now);
        }
    }

    /** Every outage so far, in run order. */
    List<Mark> marks() {
        List<Mark> all = new ArrayList<>(earlier);
        all.addAll(current);
        return List.copyOf(all);
    }
}
