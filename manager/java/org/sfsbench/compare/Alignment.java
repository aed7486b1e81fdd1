package org.sfsbench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.StepResult;

/**
 * Which points of two runs are the same measurement: SFS curves by requested load, LOAD=max runs
 * by step (kind, procs per client, rate, curve percentage), access tests by step (spec x workers x
 * outstanding I/Os, in rc order), loadfile runs by simulated clients. When two curves share no
 * requested load (published results of different servers), their points are paired by position.
 */
public final class Alignment {
    private Alignment() {
    }

    /**
     * One aligned point: its label, each run's point (null where a run lacks it), and whether it was
     * paired by position (the runs requested different loads) rather than by an equal key.
     */
    public record Row(String label, List<LoadPointResult> points, boolean byPosition) {
    }

    /** The rows, in the baseline's order, then points only later runs have. */
    public static List<Row> of(List<RunResult> runs, List<String> notes) {
        boolean byPosition = false;
        RunResult base = runs.get(0);
        for (int r = 1; r < runs.size(); r++) {
            if (!shareAKey(base, runs.get(r))) {
                byPosition = true;
            }
        }
        if (byPosition) {
            notes.add("no requested load or step in common: points are paired by their position in each run");
        }
        Map<String, LoadPointResult[]> rows = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            for (LoadPointResult p : runs.get(r).loadPoints()) {
                String k = byPosition ? "point " + p.index() : key(runs.get(r), p);
                rows.computeIfAbsent(k, x -> new LoadPointResult[runs.size()])[r] = p;
            }
        }
        List<Row> out = new ArrayList<>();
        boolean paired = byPosition;
        rows.forEach((k, v) -> out.add(new Row(k, java.util.Arrays.asList(v), paired)));
        return out;
    }

    private static boolean shareAKey(RunResult a, RunResult b) {
        List<String> keys = a.loadPoints().stream().map(p -> key(a, p)).toList();
        return b.loadPoints().stream().anyMatch(p -> keys.contains(key(b, p)));
    }

    /** The label two runs' points must share to be compared. */
    static String key(RunResult r, LoadPointResult p) {
        StepResult s = p.step();
        if (s != null) {
            String rate = s.getPerProcRate() > 0 ? String.format(Locale.ROOT, " @ %.0f ops/s/proc", s.getPerProcRate())
                    : "";
            String pct = s.getCurvePct() > 0 ? " (" + s.getCurvePct() + " % of max)" : "";
            return s.getKind() + " step: " + s.getProcsPerClient() + " procs/client" + rate + pct;
        }
        if ("access".equals(r.workload())) {
            return "access step " + p.index();
        }
        if (p.simulatedClients() > 0) {
            return p.simulatedClients() + " clients";
        }
        return "load " + p.requestedOpsPerSec();
    }
}
