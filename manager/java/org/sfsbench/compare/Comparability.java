package org.sfsbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RunResult;

/**
 * What makes two runs different experiments rather than two measurements of one: the workload, the
 * protocol, the op mix, the number of clients and, per aligned point, the file set size. A
 * difference of figures between such runs says nothing about the servers. Points paired by position
 * (two servers' curves at different requested loads) have file sets that grow with the requested
 * load by design: there the file set per requested op/s must agree.
 */
public final class Comparability {
    /** Mix shares closer than this (percentage points) are the same mix: rounding of the rc's shares. */
    static final double MIX_TOLERANCE = 0.5;
    /** File sets within this fraction are the same size: rounding of per-proc file counts. */
    static final double FILESET_TOLERANCE = 0.01;
    /**
     * File sets per requested op/s within this fraction follow the load alike: SPECsfs2008 rounds
     * each proc's file counts, so even one run's points spread (the guide's sample: 118,015 to
     * 122,902 KB per op/s, 4 %).
     */
    static final double FILESET_PER_OP_TOLERANCE = 0.10;

    private Comparability() {
    }

    /** Every difference between the baseline and the other runs, each named; empty when comparable. */
    public static List<String> differences(List<LoadedRun> runs, List<Alignment.Row> rows) {
        List<String> out = new ArrayList<>();
        RunResult a = runs.get(0).run();
        for (int i = 1; i < runs.size(); i++) {
            RunResult b = runs.get(i).run();
            String who = runs.get(0).name() + " vs " + runs.get(i).name() + ": ";
            if (a.workload() != null && b.workload() != null && !a.workload().equals(b.workload())) {
                out.add(who + "workload " + a.workload() + " vs " + b.workload());
            }
            if (!Objects.equals(a.protocol(), b.protocol())) {
                out.add(who + "protocol " + a.protocol() + " vs " + b.protocol());
            }
            Map<String, Double> ma = mix(a);
            Map<String, Double> mb = mix(b);
            if (!ma.isEmpty() && !mb.isEmpty()) {
                for (String op : union(ma, mb)) {
                    double x = ma.getOrDefault(op, 0.0);
                    double y = mb.getOrDefault(op, 0.0);
                    if (Math.abs(x - y) > MIX_TOLERANCE) {
                        out.add(who + String.format(Locale.ROOT, "op mix: %s %.1f %% vs %.1f %%", op, x, y));
                    }
                }
            }
            int ca = clients(a);
            int cb = clients(b);
            if (ca != cb) {
                out.add(who + "clients " + ca + " vs " + cb);
            }
            for (Alignment.Row row : rows) {
                String d = filesetDifference(row, row.points().get(0), row.points().get(i));
                if (d != null) {
                    out.add(who + row.label() + ": " + d);
                }
            }
        }
        return out;
    }

    /** How two aligned points' file sets differ beyond rounding, or null. */
    private static String filesetDifference(Alignment.Row row, LoadPointResult pa, LoadPointResult pb) {
        if (pa == null || pb == null || pa.filesetKb() <= 0 || pb.filesetKb() <= 0) {
            return null;
        }
        if (row.byPosition()) {
            if (!(pa.requestedOpsPerSec() > 0 && pb.requestedOpsPerSec() > 0)) {
                return null;    // unpaced points: no load for the file set to follow
            }
            double ka = (double) pa.filesetKb() / pa.requestedOpsPerSec();
            double kb = (double) pb.filesetKb() / pb.requestedOpsPerSec();
            return Math.abs(ka - kb) > FILESET_PER_OP_TOLERANCE * ka ? String.format(Locale.ROOT,
                    "file set %.0f KB vs %.0f KB per requested op/s", ka, kb) : null;
        }
        return Math.abs(pa.filesetKb() - pb.filesetKb()) > FILESET_TOLERANCE * pa.filesetKb()
                ? "file set " + pa.filesetKb() + " KB vs " + pb.filesetKb() + " KB" : null;
    }

    /** Target share per op of the run's first point with per-op figures; empty when there is none. */
    static Map<String, Double> mix(RunResult r) {
        Map<String, Double> m = new TreeMap<>();
        for (LoadPointResult p : r.loadPoints()) {
            if (!p.ops().isEmpty()) {
                for (OpResult o : p.ops()) {
                    if (o.targetPercent() > 0 && o.name() != null) {
                        m.put(o.name(), o.targetPercent());
                    }
                }
                break;
            }
        }
        return m;
    }

    private static List<String> union(Map<String, Double> a, Map<String, Double> b) {
        TreeMap<String, Double> all = new TreeMap<>(a);
        all.putAll(b);
        return new ArrayList<>(all.keySet());
    }

    private static int clients(RunResult r) {
        return r.loadPoints().isEmpty() ? 0 : r.loadPoints().get(0).loadGenerators();
    }
}
