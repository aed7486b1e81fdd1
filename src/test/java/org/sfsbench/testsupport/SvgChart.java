package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

/**
 * The geometry of one chart in a rendered DOM (its markers, grid labels and dashed lines) and its
 * pixels: a chart shown alone on a page at its own size, so SVG coordinates are screen pixels.
 */
public final class SvgChart {
    /** One marker: its centre and its hover title. */
    public record Marker(double cx, double cy, String title) {
    }

    private final String svg;

    private SvgChart(String svg) {
        this.svg = svg;
    }

    /** The {@code <svg class="chart cssClass">} of {@code dom}; fails when there is none. */
    public static SvgChart in(String dom, String cssClass) {
        Matcher m = Pattern.compile("<svg[^>]*class=\"chart " + Pattern.quote(cssClass) + "\"[\\s\\S]*?</svg>")
                .matcher(dom);
        assertTrue(m.find(), "no chart " + cssClass + " in the rendered DOM");
        return new SvgChart(m.group());
    }

    public String markup() {
        return svg;
    }

    /** Every circle of class {@code cls}, in document order, whatever its attributes' order. */
    public List<Marker> markers(String cls) {
        List<Marker> out = new ArrayList<>();
        Matcher m = Pattern.compile("<circle([^>]*)>(?:<title>([^<]*)</title>)?").matcher(svg);
        while (m.find()) {
            String attrs = m.group(1);
            if (attrs.contains("class=\"" + cls + "\"")) {
                out.add(new Marker(attr(attrs, "cx"), attr(attrs, "cy"), m.group(2) == null ? "" : m.group(2)));
            }
        }
        return out;
    }

    /** The one marker of class {@code cls} whose title contains {@code part}. */
    public Marker marker(String cls, String part) {
        List<Marker> found = markers(cls).stream().filter(k -> k.title().contains(part)).toList();
        assertTrue(found.size() == 1, found.size() + " markers of " + cls + " titled with '" + part + "'");
        return found.get(0);
    }

    /** The y of the grid line labelled {@code label} (its text sits 4 px below the line). */
    public double gridY(String label) {
        Matcher m = Pattern.compile("<text([^>]*)>" + Pattern.quote(label) + "</text>").matcher(svg);
        while (m.find()) {
            if (m.group(1).contains("text-anchor=\"end\"")) {
                return attr(m.group(1), "y") - 4;
            }
        }
        return fail("no grid label " + label + " in " + svg);
    }

    /** The x range of every shaded rect of class {@code cls} (a LineChart.Band's is "band"), in document order. */
    public List<double[]> bands(String cls) {
        List<double[]> out = new ArrayList<>();
        Matcher m = Pattern.compile("<rect([^>]*class=\"" + Pattern.quote(cls) + "\"[^>]*)>").matcher(svg);
        while (m.find()) {
            double x = attr(m.group(1), "x");
            out.add(new double[] {x, x + attr(m.group(1), "width")});
        }
        return out;
    }

    /** The y of the dashed horizontal line drawn in {@code color} (a threshold such as a bound). */
    public double dashedLineY(String color) {
        Matcher m = Pattern.compile("<line([^>]*stroke=\"" + Pattern.quote(color) + "\"[^>]*stroke-dasharray[^>]*)/?>")
                .matcher(svg);
        assertTrue(m.find(), "no dashed line in " + color);
        double y1 = attr(m.group(1), "y1");
        assertTrue(y1 == attr(m.group(1), "y2"), "not horizontal: " + m.group());
        return y1;
    }

    private static double attr(String attrs, String name) {
        Matcher m = Pattern.compile("(?:^|\\s)" + name + "=\"(-?[0-9.]+)\"").matcher(attrs);
        assertTrue(m.find(), "no " + name + " in " + attrs);
        return Double.parseDouble(m.group(1));
    }

    /**
     * A screenshot of the chart alone (top left of an otherwise white page): pixel (x, y) is the
     * chart's SVG coordinate (x, y). Kept as {@code png} for people to look at.
     */
    public BufferedImage screenshot(Path png, Path profile) throws IOException, InterruptedException {
        Path page = profile.resolve(png.getFileName().toString().replace(".png", ".html"));
        Files.writeString(page, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{margin:0}svg{display:block}"
                + "</style></head><body>" + svg + "</body></html>", StandardCharsets.UTF_8);
        Files.deleteIfExists(png);
        HeadlessChromium.screenshot(page, png, profile, 1000);
        return ImageIO.read(png.toFile());
    }

    /** True when a pixel within {@code radius} of (x, y) is within {@code tolerance} per channel of {@code rgb}. */
    public static boolean colourNear(BufferedImage img, double x, double y, int radius, int rgb, int tolerance) {
        int cx = (int) Math.round(x);
        int cy = (int) Math.round(y);
        for (int dy = -radius; dy <= radius; dy++) {
            for (int dx = -radius; dx <= radius; dx++) {
                int px = cx + dx;
                int py = cy + dy;
                if (px >= 0 && py >= 0 && px < img.getWidth() && py < img.getHeight()
                        && close(img.getRGB(px, py), rgb, tolerance)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The topmost row holding a pixel of {@code rgb} (within {@code tolerance}), or -1. */
    public static int topmost(BufferedImage img, int rgb, int tolerance) {
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (close(img.getRGB(x, y), rgb, tolerance)) {
                    return y;
                }
            }
        }
        return -1;
    }

    private static boolean close(int a, int b, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs((a >> shift & 0xff) - (b >> shift & 0xff)) > tolerance) {
                return false;
            }
        }
        return true;
    }
}
