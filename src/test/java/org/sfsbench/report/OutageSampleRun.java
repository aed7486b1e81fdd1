package org.sfsbench.report;

import java.io.IOException;
import java.nio.file.Path;

import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OutageResult;
import org.sfsbench.results.model.RunResult;

/**
 * The guide-shaped sample run whose first point rode through one outage: RUN 40 s, one interval a
 * second at 1000 ops/s and p99 2 ms, the server gone from 20.0 s to 23.5 s (no op completed in
 * seconds 21..23; the parked ops completed in second 24 at 600 ops/s with p99 3500 ms), back to the
 * level in second 25 (recovery 5.0 s).
 */
final class OutageSampleRun {
    static final int RUN_SECONDS = 40;
    static final double BEGIN = 20.0;
    static final double END = 23.5;
    static final double RECOVERY = 5.0;

    private OutageSampleRun() {
    }

    static ResultPublisher.Published publish(Path dir, String suffix) throws IOException {
        RunResult.Builder r = GuideSampleRun.build(suffix).toBuilder();
        LoadPointResult.Builder p = r.loadPoints.get(0).toBuilder();
        p.seconds = RUN_SECONDS;
        p.intervals.clear();
        for (int s = 1; s <= RUN_SECONDS; s++) {
            boolean gone = s >= 21 && s <= 23;
            double ops = gone ? 0 : s == 24 ? 600 : 1000;
            double p99 = gone ? Double.NaN : s == 24 ? 3500 : 2;
            p.intervals.add(new IntervalPoint(s, ops, gone ? Double.NaN : p99 / 2, p99, 0, 0));
        }
        p.outages.clear();
        p.outages.add(new OutageResult(BEGIN, END, 120, 0, 1, 0, 0, RECOVERY, 2, 3500, 2));
        r.loadPoints.set(0, p.build());
        return ResultPublisher.writeAll(r.build(), dir, suffix);
    }
}
