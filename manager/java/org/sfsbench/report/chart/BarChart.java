package org.sfsbench.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Grouped vertical bars as inline SVG: one group per category (a load point, an op), one bar per
 * series in each group. The y axis is linear from 0, or logarithmic (decades) for latencies whose
 * tail is orders of magnitude above the median.
 */
public final class BarChart {
    /** A named series: one value per category, NaN for "no value". */
    public record Series(String name, String color, double[] values, String barClass) {
    }

    /** Width of one label character at font size 11, pixels (generous, for sans-serif capitals). */
    private static final double LABEL_CHAR_WIDTH = 6.6;

    private final String cssClass;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final List<String> categories;
    private final List<Series> series = new ArrayList<>();
    private final String unit;
    private boolean logScale;
    private int width = 760;
    private int height = 400;

    /** {@code unit} is appended to the values in hover titles (e.g. " ops/s"). */
    public BarChart(String cssClass, String title, String xTitle, String yTitle, List<String> categories,
            String unit) {
        this.cssClass = cssClass;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.categories = List.copyOf(categories);
        this.unit = unit;
    }

    public BarChart size(int w, int h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public BarChart logScale(boolean on) {
        this.logScale = on;
        return this;
    }

    public BarChart add(Series s) {
        if (s.values().length != categories.size()) {
            throw new IllegalArgumentException("series " + s.name() + " has " + s.values().length
                    + " values for " + categories.size() + " categories");
        }
        series.add(s);
        return this;
    }

    public String svg() {
        int n = categories.size();
        double groupWidth = (width - ChartFrame.MARGIN_LEFT - ChartFrame.MARGIN_RIGHT) / (double) Math.max(1, n);
        int longest = categories.stream().mapToInt(String::length).max().orElse(0);
        // labels wider than their group stand vertically; the chart grows below the axis to hold them
        boolean vertical = longest * LABEL_CHAR_WIDTH > groupWidth;
        int labelSpace = vertical ? (int) Math.ceil(longest * LABEL_CHAR_WIDTH) + 10 : 0;
        ChartFrame f = new ChartFrame(width, height + labelSpace, ChartFrame.MARGIN_BOTTOM + labelSpace, cssClass, title);
        double l = f.plotLeft();
        double r = f.plotRight();
        double t = f.plotTop();
        double b = f.plotBottom();
        Ticks scale = logScale ? Ticks.logCovering(minPositive(), maxValue()) : Ticks.upTo(maxValue() * 1.05, 6);
        for (double v : scale.values()) {
            f.yGrid(b - (b - t) * scale.fraction(v), scale.label(v));
        }
        double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
        for (int c = 0; c < n; c++) {
            double gx = l + c * groupWidth + groupWidth * 0.1;
            for (int s = 0; s < series.size(); s++) {
                Series se = series.get(s);
                double v = se.values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                double top = b - (b - t) * scale.fraction(v);
                f.out.append("<rect class=\"").append(Markup.escape(se.barClass())).append("\" x=\"")
                        .append(ChartFrame.num(gx + s * barWidth)).append("\" y=\"").append(ChartFrame.num(top))
                        .append("\" width=\"").append(ChartFrame.num(Math.max(1, barWidth - 1))).append("\" height=\"")
                        .append(ChartFrame.num(Math.max(0, b - top))).append("\" fill=\"").append(se.color())
                        .append("\"><title>").append(Markup.escape(categories.get(c) + " " + se.name() + ": "
                                + plain(v) + unit)).append("</title></rect>\n");
            }
            double cx = l + (c + 0.5) * groupWidth;
            String label = categories.get(c);
            if (vertical) {
                f.out.append("<text x=\"").append(ChartFrame.num(cx + 4)).append("\" y=\"").append(ChartFrame.num(b + 8))
                        .append("\" text-anchor=\"end\" font-size=\"11\" transform=\"rotate(-90 ")
                        .append(ChartFrame.num(cx + 4)).append(' ').append(ChartFrame.num(b + 8)).append(")\">")
                        .append(Markup.escape(label)).append("</text>\n");
            } else {
                f.text(cx, b + 19, "middle", label);
            }
        }
        f.axes();
        f.axisTitles(xTitle, yTitle);
        String[] names = new String[series.size()];
        String[] colors = new String[series.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = series.get(i).name();
            colors[i] = series.get(i).color();
        }
        f.legend(names, colors);
        return f.finish();
    }

    private static String plain(double v) {
        if (Math.abs(v - Math.rint(v)) < 1e-9 && Math.abs(v) >= 1) {
            return String.format(Locale.ROOT, "%,d", (long) Math.rint(v));
        }
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private double maxValue() {
        double max = 0;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }

    private double minPositive() {
        double min = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.values()) {
                if (v > 0) {
                    min = Math.min(min, v);
                }
            }
        }
        return Double.isInfinite(min) ? 1 : min;
    }
}
