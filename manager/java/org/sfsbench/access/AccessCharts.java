package org.sfsbench.access;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.report.chart.LineChart;

/**
 * access.X.html: per spec, IOPS and mean response time versus outstanding I/Os (one line per
 * worker count), the curves Iometer users draw from results.csv.
 */
public final class AccessCharts {
    private static final String[] COLORS = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b" };

    private AccessCharts() {
    }

    public static String html(String title, List<AccessStepResult> rows) {
        Map<String, Map<String, List<AccessStepResult>>> bySpec = new LinkedHashMap<>();
        for (AccessStepResult r : rows) {
            bySpec.computeIfAbsent(r.step().spec().name(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(seriesName(r), k -> new ArrayList<>()).add(r);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append("</title></head><body>\n<h1>").append(esc(title)).append("</h1>\n");
        for (Map.Entry<String, Map<String, List<AccessStepResult>>> e : bySpec.entrySet()) {
            LineChart iops = new LineChart("access-iops", e.getKey() + ": IOPS", "outstanding I/Os per worker",
                    "IOPS");
            LineChart lat = new LineChart("access-latency", e.getKey() + ": mean response time",
                    "outstanding I/Os per worker", "ms");
            int c = 0;
            for (Map.Entry<String, List<AccessStepResult>> w : e.getValue().entrySet()) {
                List<LineChart.Point> pi = new ArrayList<>();
                List<LineChart.Point> pl = new ArrayList<>();
                for (AccessStepResult r : w.getValue()) {
                    String tip = String.format(Locale.ROOT, "%d outstanding: %.0f IOPS, %.3f ms", r.step().outstandingIos(),
                            r.iops(), r.meanMs());
                    pi.add(new LineChart.Point(r.step().outstandingIos(), r.iops(), tip));
                    pl.add(new LineChart.Point(r.step().outstandingIos(), r.meanMs(), tip));
                }
                String name = w.getKey();
                String color = COLORS[c++ % COLORS.length];
                iops.add(new LineChart.Series(name, color, pi, "access-point"));
                lat.add(new LineChart.Series(name, color, pl, "access-point"));
            }
            sb.append("<h2>").append(esc(e.getKey())).append("</h2>\n").append(iops.svg()).append('\n')
                    .append(lat.svg()).append('\n');
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }

    /** One line per worker count ("2 workers"), and target count when it differs ("2 workers, 4 targets"). */
    private static String seriesName(AccessStepResult r) {
        return r.workers() + " worker" + (r.workers() == 1 ? "" : "s")
                + (r.targets() == r.workers() ? "" : ", " + r.targets() + " targets");
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
