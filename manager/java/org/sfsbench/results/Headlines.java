package org.sfsbench.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.StepResult;

/**
 * The lines every output of a run leads with, in its workload's terms (docs/results.md
 * "Headline"): SFS, the peak and its overall response time; access, per spec the best IOPS and
 * MB/s with their queue depth and p99; loadfile, dbench's throughput line per client count; top
 * speed, the maximum with its step, the knee and the curve's points. With TRIALS > 1 the top speed
 * and each loadfile line state their 95 % interval over the trials, as the SFS peak does.
 */
public final class Headlines {
    private Headlines() {
    }

    /** The headline of {@code run} under {@code rules}. */
    public static List<String> of(RunResult run, RunSettings s, WorkloadRules rules) {
        List<String> out = new ArrayList<>();
        if (rules == WorkloadRules.SPECSFS2008) {
            out.add(sfs(run));
            return out;
        }
        if (run.loadPoints().isEmpty()) {
            out.add("Nothing measured: no " + (rules == WorkloadRules.LOADFILE ? "client count" : "step") + " finished.");
            return out;
        }
        if (run.slo() != null) {
            out.add(run.slo().answer()); // an SLO run answers with its capacity first
        }
        switch (rules) {
            case ACCESS -> out.addAll(access(run, s));
            case LOADFILE -> run.loadPoints().forEach(p -> out.add(loadfile(p)));
            default -> out.addAll(topSpeed(run));
        }
        return out;
    }

    /** "NFS3 26224 ops/sec (Overall Response Time = 0.04 msec)", or why there is no such figure. */
    public static String sfs(RunResult run) {
        if (Metrics.compute(run.loadPoints()).peakIndex() < 0) {
            return SfsresWriter.noMetric(run);
        }
        return metricLine(run.protocol() == null ? null : run.protocol().sfssumName(), run.peakThroughput(),
                run.overallResponseTimeMs(), "") + (run.complete() ? "" : ", from the points finished before the failure");
    }

    /**
     * The SPECsfs2008 metric in its published wording, the one place it is formatted:
     * "NFS3 26224 ops/sec (Overall Response Time = 0.04 msec)", with {@code afterOps} (a confidence
     * interval, or "") after "ops/sec"; an unknown response time (NaN) prints as "?".
     */
    public static String metricLine(String protocol, double peakOpsPerSec, double ortMs, String afterOps) {
        return String.format(Locale.ROOT, "%s %.0f ops/sec%s (Overall Response Time = %s msec)", protocol,
                peakOpsPerSec, afterOps, Double.isNaN(ortMs) ? "?" : String.format(Locale.ROOT, "%.2f", ortMs));
    }

    /** dbench's line of one client count, with its old NB/MBit figures and its modern clients/procs/latency part. */
    public static String loadfile(LoadPointResult p) {
        double maxMs = p.ops().stream().filter(o -> o.count() > 0).mapToDouble(OpResult::maxMs).max().orElse(0);
        return LoadfileText.throughputLine(p.throughputMBps(), p.simulatedClients(), maxMs) + TrialsText.mbpsInterval(p);
    }

    /** Per access spec: its best IOPS and its best MB/s, each with its queue depth and p99. */
    private static List<String> access(RunResult run, RunSettings s) {
        Map<String, LoadPointResult[]> best = new LinkedHashMap<>();
        for (LoadPointResult p : run.loadPoints()) {
            RunSettings.AccessTarget t = s.accessTarget(p.index());
            LoadPointResult[] b = best.computeIfAbsent(t.spec(), k -> new LoadPointResult[2]);
            if (b[0] == null || p.achievedOpsPerSec() > b[0].achievedOpsPerSec()) {
                b[0] = p;
            }
            if (b[1] == null || p.throughputMBps() > b[1].throughputMBps()) {
                b[1] = p;
            }
        }
        List<String> out = new ArrayList<>();
        best.forEach((spec, b) -> out.add(String.format(Locale.ROOT, "%s: %.0f IOPS at queue depth %d (step %d,"
                + " p99 %.3f ms); %.2f MB/s at queue depth %d (step %d, p99 %.3f ms)", spec,
                b[0].achievedOpsPerSec(), s.accessTarget(b[0].index()).outstandingIos(), b[0].index(), b[0].p99Ms(),
                b[1].throughputMBps(), s.accessTarget(b[1].index()).outstandingIos(), b[1].index(), b[1].p99Ms())));
        return out;
    }

    /** The maximum with its step, the knee, the curve's points. */
    private static List<String> topSpeed(RunResult run) {
        List<String> out = new ArrayList<>();
        LoadPointResult max = null;
        LoadPointResult knee = null;
        List<LoadPointResult> curve = new ArrayList<>();
        for (LoadPointResult p : run.loadPoints()) {
            StepResult st = p.step();
            if (st != null && "curve".equals(st.getKind())) {
                curve.add(p);
                continue;
            }
            if (st != null && "probe".equals(st.getKind())) {
                continue; // paced by the SLO search
            }
            if (max == null || p.achievedOpsPerSec() > max.achievedOpsPerSec()) {
                max = p;
            }
            if (st != null && st.isKnee()) {
                knee = p;
            }
        }
        out.add(String.format(Locale.ROOT, "Top speed: %.0f ops/sec%s, %.2f MB/sec at %s, %.3f msec/op",
                max.achievedOpsPerSec(), TrialsText.throughputInterval(max), max.throughputMBps(), where(max),
                max.msecPerOp()));
        out.add(knee == null ? "Knee: none found (see the knee check)" : String.format(Locale.ROOT,
                "Knee: %s, %.0f ops/sec", where(knee), knee.achievedOpsPerSec()));
        if (curve.isEmpty() && run.slo() == null) {
            out.add("Curve: none (CURVE_PCTS unset)");
        } else if (curve.isEmpty()) {
            out.add("SLO search: " + run.slo().probes().size() + " probes (the report's SLO chart)");
        } else {
            List<String> pts = new ArrayList<>();
            for (LoadPointResult p : curve) {
                pts.add(String.format(Locale.ROOT, "%d %% = %.0f ops/sec at %.3f msec/op", p.step().getCurvePct(),
                        p.achievedOpsPerSec(), p.msecPerOp()));
            }
            out.add("Curve: " + String.join("; ", pts));
        }
        return out;
    }

    private static String where(LoadPointResult p) {
        return p.step() == null ? "load point " + p.index()
                : String.format(Locale.ROOT, "step %d (%d proc%s per client, unpaced)", p.index(),
                        p.step().getProcsPerClient(), p.step().getProcsPerClient() == 1 ? "" : "s");
    }
}
