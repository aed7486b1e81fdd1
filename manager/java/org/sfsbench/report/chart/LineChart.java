package org.sfsbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * An x/y line chart rendered as inline SVG: lines through the points of each series, one marker
 * per point (with a hover title), and optional horizontal threshold lines such as the 20 ms limit.
 * Both axes start at 0, as the SPECsfs response-time curve does, unless the x axis is given a start
 * ({@link #xFrom}, a window of a longer run) or the y axis is logarithmic ({@link YScale}): then it
 * spans the decades of the data, and a value at or below its lowest decade (a 0) sits on the x axis.
 * Shaded vertical bands ({@link Band}) mark spans of x, such as an outage.
 */
public final class LineChart {
    /** One data point and the text shown when hovering over its marker; a NaN y is a gap in the line, without a marker. */
    public record Point(double x, double y, String tooltip) {
    }

    /** A named series; every marker gets {@code pointClass} so tests and CSS can find them. */
    public record Series(String name, String color, List<Point> points, String pointClass) {
    }

    /** A horizontal reference line at {@code y}. */
    public record Threshold(double y, String label, String color) {
    }

    /** A shaded span of x from {@code from} to {@code to}, its label at the top of the plot. */
    public record Band(double from, double to, String label, String color) {
    }

    /** How the y axis maps values. */
    public enum YScale {
        LINEAR,
        LOG,
        /** logarithmic when the largest positive y is more than 10 x the smallest, else linear */
        LOG_WHEN_WIDE
    }

    /** Largest-to-smallest ratio above which {@link YScale#LOG_WHEN_WIDE} turns logarithmic. */
    static final double WIDE = 10;

    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final String cssClass;
    private final List<Series> series = new ArrayList<>();
    private final List<Threshold> thresholds = new ArrayList<>();
    private final List<Threshold> limits = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private double xAtLeast;
    private double xFrom;
    private YScale yScale = YScale.LINEAR;
    private int width = 760;
    private int height = 420;

    public LineChart(String cssClass, String title, String xTitle, String yTitle) {
        this.cssClass = cssClass;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    public LineChart size(int w, int h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public LineChart add(Series s) {
        series.add(s);
        return this;
    }

    /**
     * A limit line that must not stretch the axis: drawn when the data reaches near it, else named
     * at the top of the plot as off the chart (a 0.5 ms curve under a 20 ms limit stays readable).
     */
    public LineChart limit(Threshold t) {
        limits.add(t);
        return this;
    }

    /** The x axis reaches at least this far (a phase's end, even when the last sample is earlier). */
    public LineChart xAtLeast(double x) {
        xAtLeast = x;
        return this;
    }

    /** The x axis starts here instead of at 0; points before it are the caller's to leave out. */
    public LineChart xFrom(double x) {
        xFrom = x;
        return this;
    }

    public LineChart band(Band b) {
        bands.add(b);
        return this;
    }

    public LineChart yScale(YScale s) {
        this.yScale = s;
        return this;
    }

    public LineChart threshold(Threshold t) {
        thresholds.add(t);
        return this;
    }

    public String svg() {
        double maxX = 0;
        double maxY = 0;
        double minY = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (Point p : s.points()) {
                maxX = Math.max(maxX, p.x());
                if (Double.isNaN(p.y())) {
                    continue;
                }
                maxY = Math.max(maxY, p.y());
                minY = p.y() > 0 ? Math.min(minY, p.y()) : minY;
            }
        }
        for (Threshold t : thresholds) {
            maxY = Math.max(maxY, t.y());
            minY = t.y() > 0 ? Math.min(minY, t.y()) : minY;
        }
        List<Threshold> drawn = new ArrayList<>(thresholds);
        List<Threshold> offChart = new ArrayList<>();
        for (Threshold t : limits) {
            // a limit within 1.5x of the data is shown as a line; further away it would flatten the curve
            if (maxY > 0 && t.y() > maxY * 1.5) {
                offChart.add(t);
            } else {
                maxY = Math.max(maxY, t.y());
                minY = t.y() > 0 ? Math.min(minY, t.y()) : minY;
                drawn.add(t);
            }
        }
        maxX = Math.max(maxX, xAtLeast);
        Ticks xt = Ticks.upTo((maxX - xFrom) * 1.05, 8);
        boolean log = yScale == YScale.LOG || yScale == YScale.LOG_WHEN_WIDE && maxY > minY * WIDE;
        Ticks yt = log ? Ticks.logCovering(minY, maxY) : Ticks.upTo(maxY * 1.05, 6);
        ChartFrame f = new ChartFrame(width, height, cssClass, title);
        double l = f.plotLeft();
        double r = f.plotRight();
        double t = f.plotTop();
        double b = f.plotBottom();
        java.util.function.DoubleUnaryOperator px = x -> l + (r - l) * (x - xFrom) / xt.top();
        java.util.function.DoubleUnaryOperator py = y -> b - (b - t) * yt.fraction(y);

        for (double y : yt.values()) {
            f.yGrid(py.applyAsDouble(y), yt.label(y));
        }
        for (double x : xt.values()) {
            double xx = px.applyAsDouble(xFrom + x);
            f.line(xx, b, xx, b + 5, "#333333", 1, null);
            f.text(xx, b + 19, "middle", xFrom == 0 ? xt.label(x) : ChartFrame.num(xFrom + x));
        }
        for (Band band : bands) {
            double x0 = px.applyAsDouble(Math.max(band.from(), xFrom));
            double x1 = px.applyAsDouble(band.to());
            f.out.append("<rect class=\"band\" x=\"").append(ChartFrame.num(x0)).append("\" y=\"")
                    .append(ChartFrame.num(t)).append("\" width=\"").append(ChartFrame.num(Math.max(x1 - x0, 1)))
                    .append("\" height=\"").append(ChartFrame.num(b - t)).append("\" fill=\"").append(band.color())
                    .append("\" fill-opacity=\"0.18\"><title>").append(Markup.escape(band.label()))
                    .append("</title></rect>\n");
            f.out.append("<text class=\"band-label\" x=\"").append(ChartFrame.num(x0 + 4)).append("\" y=\"")
                    .append(ChartFrame.num(t + 14)).append("\" fill=\"").append(band.color()).append("\">")
                    .append(Markup.escape(band.label())).append("</text>\n");
        }
        f.axes();
        f.axisTitles(xTitle, log ? yTitle + " (log scale)" : yTitle);
        for (Threshold th : offChart) {
            f.out.append("<text class=\"threshold off-chart\" x=\"").append(ChartFrame.num(r - 4)).append("\" y=\"")
                    .append(ChartFrame.num(t + 12)).append("\" text-anchor=\"end\" fill=\"").append(th.color())
                    .append("\">").append(Markup.escape(th.label() + " (above the chart)")).append("</text>\n");
        }
        for (Threshold th : drawn) {
            double yy = py.applyAsDouble(th.y());
            f.line(l, yy, r, yy, th.color(), 1.5, "6 4");
            f.out.append("<text class=\"threshold\" x=\"").append(ChartFrame.num(r - 4)).append("\" y=\"")
                    .append(ChartFrame.num(yy - 6)).append("\" text-anchor=\"end\" fill=\"").append(th.color())
                    .append("\">").append(Markup.escape(th.label())).append("</text>\n");
        }
        for (Series s : series) {
            StringBuilder pts = new StringBuilder();
            for (Point p : s.points()) {
                if (Double.isNaN(p.y())) {
                    polyline(f, s, pts);
                    continue;
                }
                pts.append(ChartFrame.num(px.applyAsDouble(p.x()))).append(',')
                        .append(ChartFrame.num(py.applyAsDouble(p.y()))).append(' ');
            }
            polyline(f, s, pts);
            for (Point p : s.points()) {
                if (Double.isNaN(p.y())) {
                    continue;
                }
                f.out.append("<circle class=\"").append(Markup.escape(s.pointClass())).append("\" cx=\"")
                        .append(ChartFrame.num(px.applyAsDouble(p.x()))).append("\" cy=\"")
                        .append(ChartFrame.num(py.applyAsDouble(p.y()))).append("\" r=\"4.5\" fill=\"")
                        .append(s.color()).append("\"><title>").append(Markup.escape(p.tooltip()))
                        .append("</title></circle>\n");
            }
        }
        String[] names = new String[series.size()];
        String[] colors = new String[series.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = series.get(i).name();
            colors[i] = series.get(i).color();
        }
        f.legend(names, colors);
        return f.finish();
    }

    /** The line through the points collected in {@code pts} (then emptied); none for an empty run. */
    private static void polyline(ChartFrame f, Series s, StringBuilder pts) {
        if (pts.isEmpty()) {
            return;
        }
        f.out.append("<polyline class=\"series\" fill=\"none\" stroke=\"").append(s.color())
                .append("\" stroke-width=\"2\" points=\"").append(pts.toString().trim()).append("\"/>\n");
        pts.setLength(0);
    }
}
