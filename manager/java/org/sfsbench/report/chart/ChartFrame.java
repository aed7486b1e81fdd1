package org.sfsbench.report.chart;

import java.util.Locale;

/**
 * The common part of every chart: an SVG canvas with a title, a plot area, axis labels and a
 * legend row. Charts draw their data inside {@link #plotLeft()}..{@link #plotRight()} x
 * {@link #plotTop()}..{@link #plotBottom()}.
 */
final class ChartFrame {
    static final int MARGIN_LEFT = 72;
    static final int MARGIN_RIGHT = 24;
    static final int MARGIN_TOP = 44;
    static final int MARGIN_BOTTOM = 78;

    private final int width;
    private final int height;
    private final int marginBottom;
    final StringBuilder out = new StringBuilder(8192);

    ChartFrame(int width, int height, String cssClass, String title) {
        this(width, height, MARGIN_BOTTOM, cssClass, title);
    }

    /** A frame whose bottom margin (below the x axis) is {@code marginBottom} pixels, e.g. for long labels. */
    ChartFrame(int width, int height, int marginBottom, String cssClass, String title) {
        this.width = width;
        this.height = height;
        this.marginBottom = marginBottom;
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart ").append(Markup.escape(cssClass))
                .append("\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n");
        out.append("<title>").append(Markup.escape(title)).append("</title>\n");
        out.append("<rect x=\"0\" y=\"0\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
        out.append("<text x=\"").append(width / 2).append("\" y=\"24\" text-anchor=\"middle\" font-size=\"15\""
                + " font-weight=\"bold\">").append(Markup.escape(title)).append("</text>\n");
    }

    double plotLeft() {
        return MARGIN_LEFT;
    }

    double plotRight() {
        return width - MARGIN_RIGHT;
    }

    double plotTop() {
        return MARGIN_TOP;
    }

    double plotBottom() {
        return height - marginBottom;
    }

    /** Axis titles below the x axis and rotated beside the y axis. */
    void axisTitles(String xTitle, String yTitle) {
        double cx = (plotLeft() + plotRight()) / 2;
        out.append("<text x=\"").append(num(cx)).append("\" y=\"").append(num(height - 34))
                .append("\" text-anchor=\"middle\">").append(Markup.escape(xTitle)).append("</text>\n");
        double cy = (plotTop() + plotBottom()) / 2;
        out.append("<text x=\"16\" y=\"").append(num(cy)).append("\" text-anchor=\"middle\" transform=\"rotate(-90 16 ")
                .append(num(cy)).append(")\">").append(Markup.escape(yTitle)).append("</text>\n");
    }

    /** Horizontal grid line with its label left of the plot. */
    void yGrid(double y, String label) {
        line(plotLeft(), y, plotRight(), y, "#dddddd", 1, null);
        out.append("<text x=\"").append(num(plotLeft() - 6)).append("\" y=\"").append(num(y + 4))
                .append("\" text-anchor=\"end\">").append(Markup.escape(label)).append("</text>\n");
    }

    /** The two axis lines. */
    void axes() {
        line(plotLeft(), plotBottom(), plotRight(), plotBottom(), "#333333", 1, null);
        line(plotLeft(), plotTop(), plotLeft(), plotBottom(), "#333333", 1, null);
    }

    void line(double x1, double y1, double x2, double y2, String color, double width, String dash) {
        out.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"")
                .append(num(x2)).append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(color)
                .append("\" stroke-width=\"").append(num(width)).append('"');
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        out.append("/>\n");
    }

    void text(double x, double y, String anchor, String text) {
        out.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" text-anchor=\"")
                .append(anchor).append("\">").append(Markup.escape(text)).append("</text>\n");
    }

    /** One legend row along the bottom edge: a colour swatch and a name per entry. */
    void legend(String[] names, String[] colors) {
        double x = plotLeft();
        double y = height - 14;
        for (int i = 0; i < names.length; i++) {
            out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y - 10))
                    .append("\" width=\"12\" height=\"12\" fill=\"").append(colors[i]).append("\"/>\n");
            text(x + 16, y, "start", names[i]);
            x += 28 + 7.0 * names[i].length();
        }
    }

    String finish() {
        out.append("</svg>\n");
        return out.toString();
    }

    /** Coordinates with two decimals at most: compact markup, sub-pixel accuracy. */
    static String num(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return "-0".equals(s) ? "0" : s;
    }
}
