package org.sfsbench.compare;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.TrialResult;

/**
 * A figure compared between runs: how a point's value, a trial's value and (where the intervals
 * carry it) an interval's value are read, and which direction is better.
 */
public enum Metric {
    OPS("ops/s", true, LoadPointResult::achievedOpsPerSec, TrialResult::achievedOpsPerSec),
    MBPS("MB/s", true, LoadPointResult::throughputMBps, TrialResult::throughputMBps),
    MEAN("mean ms", false, LoadPointResult::msecPerOp, TrialResult::msecPerOp),
    P99("p99 ms", false, LoadPointResult::p99Ms, TrialResult::p99Ms),
    CPU("cpu us/op", false, p -> p.cpu() == null ? Double.NaN : p.cpu().processUsPerOp(), TrialResult::cpuUsPerOp);

    private final String label;
    private final boolean higherIsBetter;
    private final ToDoubleFunction<LoadPointResult> point;
    private final ToDoubleFunction<TrialResult> trial;

    Metric(String label, boolean higherIsBetter, ToDoubleFunction<LoadPointResult> point,
            ToDoubleFunction<TrialResult> trial) {
        this.label = label;
        this.higherIsBetter = higherIsBetter;
        this.point = point;
        this.trial = trial;
    }

    public String label() {
        return label;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public double of(LoadPointResult p) {
        double v = point.applyAsDouble(p);
        // an sfssum row has no percentiles or CPU: 0 there means "not known"
        return (this == P99 || this == CPU) && v == 0 ? Double.NaN : v;
    }

    public double of(TrialResult t) {
        return trial.applyAsDouble(t);
    }

    /**
     * The per-interval values of this figure, or an empty array when intervals do not carry it:
     * MB/s, p99 and CPU are measured over the whole window only. (MB/s is not ops/s times a fixed
     * size: which files and sizes a window's reads hit varies, and that variation is the noise.)
     */
    public double[] intervals(List<IntervalPoint> intervals) {
        return switch (this) {
            case OPS -> intervals.stream().mapToDouble(IntervalPoint::opsPerSec).toArray();
            case MEAN -> intervals.stream().mapToDouble(IntervalPoint::meanMs).toArray();
            case MBPS, P99, CPU -> new double[0];
        };
    }

    /** The metric a --fail-if term or a column names: ops/s, MB/s, mean, p99, cpu. */
    public static Metric named(String name) {
        String n = name.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (n) {
            case "ops/s", "ops", "throughput" -> OPS;
            case "mb/s", "mbps" -> MBPS;
            case "mean", "mean ms", "latency", "msec/op" -> MEAN;
            case "p99", "p99 ms" -> P99;
            case "cpu", "cpu/op", "cpu us/op" -> CPU;
            default -> throw new IllegalArgumentException("unknown metric '" + name
                    + "' (ops/s, MB/s, mean, p99, cpu/op)");
        };
    }
}
