package org.sfsbench.compare;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.sfsbench.report.text.Reflow;
import org.sfsbench.report.text.TextTable;

/** The comparison as text: what was compared and how, then one table per compared run. */
public final class CompareText {
    private CompareText() {
    }

    public static String render(Comparison c, List<LoadedRun> runs, int width) {
        StringBuilder b = new StringBuilder();
        b.append("Baseline: ").append(c.runs().get(0)).append(" (").append(c.files().get(0)).append(")\n");
        for (int i = 1; i < c.runs().size(); i++) {
            b.append("Compared: ").append(c.runs().get(i)).append(" (").append(c.files().get(i)).append(")\n");
        }
        b.append(String.format(Locale.ROOT, "Test: Welch's t, two-sided, %.0f %% confidence, on trials (TRIALS > 1)%n"
                + "      or on batch means of each point's intervals (docs/compare.md)%n", c.confidence() * 100));
        for (String d : c.differences()) {
            b.append(Reflow.para(0, "NOT COMPARABLE (--force): " + d, width));
        }
        for (String n : c.notes()) {
            b.append(Reflow.para(0, "Note: " + n, width));
        }
        TextTable headline = new TextTable("Run", "Peak ops/s", "ORT ms", "Points");
        for (LoadedRun r : runs) {
            headline.row(r.name(), r.run().peakThroughput() > 0 ? String.format(Locale.ROOT, "%.0f",
                    r.run().peakThroughput()) : "-", r.run().peakThroughput() > 0 ? String.format(Locale.ROOT, "%.2f",
                            r.run().overallResponseTimeMs()) : "-", Integer.toString(r.run().loadPoints().size()));
        }
        b.append('\n').append(headline.render(width));
        for (int i = 1; i < c.runs().size(); i++) {
            String run = c.runs().get(i);
            List<Finding> fs = c.findings().stream().filter(f -> f.run().equals(run)).toList();
            b.append('\n').append(run).append(" against ").append(c.runs().get(0)).append('\n');
            if (fs.isEmpty()) {
                b.append("  no aligned points\n");
                continue;
            }
            TextTable t = new TextTable("Point", "Metric", c.runs().get(0), run, "Change", "Verdict", "p");
            String last = null;
            for (Finding f : fs) {
                t.row(f.point().equals(last) ? "" : f.point(), f.metric().label(), num(f.base()), num(f.value()),
                        Double.isNaN(f.changePercent()) ? "-" : String.format(Locale.ROOT, "%+.1f %%", f.changePercent()),
                        f.verdict().text(), Double.isNaN(f.p()) ? "-" : String.format(Locale.ROOT, "%.3g", f.p()));
                last = f.point();
            }
            b.append(t.render(width));
            Set<String> methods = new LinkedHashSet<>();
            fs.forEach(f -> {
                methods.add(f.baseSamples());
                methods.add(f.runSamples());
            });
            b.append(Reflow.para(0, "Basis: " + String.join("; ", methods), width));
        }
        return b.toString();
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : a >= 1 ? "%.3f" : "%.4f", v);
    }
}
