package org.sfsbench.compare;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.results.model.LoadPointResult;

/**
 * Runs compared with the first (the baseline): every figure of every aligned point, judged by
 * Welch's t test at {@code confidence}.
 *
 * @param runs the runs' names, baseline first
 * @param files the files read, in the same order
 * @param confidence the test's confidence, e.g. 0.95
 * @param notes how points were aligned, what sfssum inputs lack
 * @param differences what makes the runs incomparable (compared anyway only with --force)
 * @param findings one per aligned point, metric and non-baseline run
 */
public record Comparison(List<String> runs, List<String> files, double confidence, List<String> notes,
        List<String> differences, List<Finding> findings) {
    public static final double DEFAULT_CONFIDENCE = 0.95;

    /** Thrown when runs differ in what they measured and --force was not given. */
    public static final class IncomparableException extends Exception {
        private static final long serialVersionUID = 1L;
        private final List<String> differences;

        IncomparableException(List<String> differences) {
            super("the runs are not comparable (use --force to compare anyway):\n  " + String.join("\n  ", differences));
            this.differences = List.copyOf(differences);
        }

        public List<String> differences() {
            return differences;
        }
    }

    public static Comparison of(List<LoadedRun> runs, double confidence, boolean force) throws IncomparableException {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("compare needs at least two results");
        }
        List<String> notes = new ArrayList<>();
        List<Alignment.Row> rows = Alignment.of(runs.stream().map(LoadedRun::run).toList(), notes);
        List<String> differences = Comparability.differences(runs, rows);
        if (!differences.isEmpty() && !force) {
            throw new IncomparableException(differences);
        }
        List<String> fromSfssum = runs.stream().filter(LoadedRun::sfssum).map(LoadedRun::name).toList();
        if (!fromSfssum.isEmpty()) {
            notes.add(String.join(", ", fromSfssum) + ": " + LoadedRun.SFSSUM_LACKS);
        }
        for (LoadedRun r : runs) {
            if (!r.run().complete()) {
                notes.add(r.name() + " is incomplete, only its finished points are compared: "
                        + (r.run().failure() == null ? "cause not recorded" : r.run().failure()));
            }
        }
        List<Finding> findings = new ArrayList<>();
        for (Alignment.Row row : rows) {
            LoadPointResult a = row.points().get(0);
            if (a == null) {
                continue;
            }
            for (int i = 1; i < runs.size(); i++) {
                LoadPointResult b = row.points().get(i);
                if (b == null) {
                    continue;
                }
                for (Metric m : Metric.values()) {
                    Samples sa = Samples.of(a, m);
                    Samples sb = Samples.of(b, m);
                    if (Double.isNaN(sa.value()) && Double.isNaN(sb.value())) {
                        continue;
                    }
                    findings.add(Finding.judge(row.label(), m, runs.get(i).name(), sa, sb, confidence));
                }
            }
        }
        List<String> unpaired = rows.stream().filter(r -> r.points().stream().filter(p -> p != null).count() < 2)
                .map(Alignment.Row::label).toList();
        if (!unpaired.isEmpty()) {
            notes.add("points in one run only (not compared): " + String.join(", ", unpaired));
        }
        return new Comparison(runs.stream().map(LoadedRun::name).toList(),
                runs.stream().map(r -> r.file().toString()).toList(), confidence, notes, differences, findings);
    }
}
