package org.sfsbench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * The reported metric of a run: peak throughput and overall response time (ORT).
 *
 * <ul>
 * <li>A point <em>qualifies</em> when it completed ops and its msec/op is at most
 * {@value #RESPONSE_LIMIT_MS} ms (points above cannot be reported).
 * <li>Peak throughput = the largest achieved ops/s among qualifying points.
 * <li>The curve = qualifying points with achieved ops/s up to the peak, sorted by achieved ops/s
 * (ties keep run order).
 * <li>ORT (SPECsfs2008) = trapezoid area under msec/op against achieved ops/s, starting at the
 * origin (0, 0), divided by the peak: sum (x_i - x_{i-1}) (y_i + y_{i-1}) / 2 / x_max.
 * <li>Secondary ORT without the origin (SPECstorage 2020 style) = the same area from the first
 * curve point, divided by the span x_max - x_1 it covers (the curve's mean height); with a
 * single point, that point's msec/op.
 * </ul>
 * Values are used at full precision; for a file read back from sfssum that is the rounded
 * columns. See docs/results.md.
 *
 * @param peakThroughput achieved ops/s of the peak point, 0 when no point qualifies
 * @param peakMsecPerOp msec/op of the peak point
 * @param peakIndex load point index of the peak, -1 when none
 * @param overallResponseTimeMs ORT from the origin, 0 when no point qualifies
 * @param overallResponseTimeNoOriginMs ORT without the origin
 * @param curve the points of the curve, in order
 */
public record Metrics(double peakThroughput, double peakMsecPerOp, int peakIndex, double overallResponseTimeMs,
        double overallResponseTimeNoOriginMs, List<LoadPointResult> curve) {

    /** Largest msec/op a reported point may have. */
    public static final double RESPONSE_LIMIT_MS = 20.0;

    public Metrics {
        curve = List.copyOf(curve);
    }

    /** Whether a point may be reported: it completed ops within the response-time limit. */
    public static boolean qualifies(LoadPointResult p) {
        return p.totalOps() > 0 && p.achievedOpsPerSec() > 0 && p.msecPerOp() <= RESPONSE_LIMIT_MS;
    }

    /** Metrics of the points of a run (any order). */
    public static Metrics compute(List<LoadPointResult> points) {
        LoadPointResult peak = null;
        for (LoadPointResult p : points) {
            if (qualifies(p) && (peak == null || p.achievedOpsPerSec() > peak.achievedOpsPerSec())) {
                peak = p;
            }
        }
        if (peak == null) {
            return new Metrics(0, 0, -1, 0, 0, List.of());
        }
        double xMax = peak.achievedOpsPerSec();
        List<LoadPointResult> curve = new ArrayList<>();
        for (LoadPointResult p : points) {
            if (qualifies(p) && p.achievedOpsPerSec() <= xMax) {
                curve.add(p);
            }
        }
        curve.sort(Comparator.comparingDouble(LoadPointResult::achievedOpsPerSec));

        double areaFromOrigin = 0;
        double areaFromFirst = 0;
        double px = 0;
        double py = 0;
        for (int i = 0; i < curve.size(); i++) {
            double x = curve.get(i).achievedOpsPerSec();
            double y = curve.get(i).msecPerOp();
            double a = (x - px) * (y + py) / 2;
            areaFromOrigin += a;
            if (i > 0) {
                areaFromFirst += a;
            }
            px = x;
            py = y;
        }
        double x1 = curve.get(0).achievedOpsPerSec();
        double noOrigin = xMax > x1 ? areaFromFirst / (xMax - x1) : curve.get(0).msecPerOp();
        return new Metrics(xMax, peak.msecPerOp(), peak.index(), areaFromOrigin / xMax, noOrigin, curve);
    }

    /** Stores peak and both ORT figures in {@code run}. */
    public void applyTo(RunResult.Builder run) {
        run.peakThroughput = peakThroughput;
        run.overallResponseTimeMs = overallResponseTimeMs;
        run.overallResponseTimeNoOriginMs = overallResponseTimeNoOriginMs;
    }
}
