package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.testsupport.HeadlessChromium;

/**
 * Renders report.&lt;suffix&gt;.html in headless Chromium and checks that the browser built the charts:
 * one marker per load point on the response-time curve, the 20 ms line, a non-blank screenshot.
 * The screenshot is kept under the build folder (report-screenshots/) for people to look at.
 */
class HtmlReportChromiumIT {
    @TempDir
    Path profile;

    @Test
    void chromiumRendersTheCurveWithOnePointPerLoadPoint(TestReporter reporter) throws Exception {
        HeadlessChromium.assumeInstalled();
        Path out = buildDir().resolve("report-screenshots");
        Files.createDirectories(out);
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("guide"), out, "guide");

        String dom = HeadlessChromium.dumpDom(p.html(), profile);
        Matcher curve = Pattern.compile("<svg[^>]*class=\"chart response-curve\"[\\s\\S]*?</svg>").matcher(dom);
        assertTrue(curve.find(), "no response-curve SVG in the rendered DOM");
        String svg = curve.group();
        assertEquals(10, count(svg, "class=\"" + HtmlReport.POINT_CLASS + "\""), "markers on the curve");
        assertEquals(10, count(dom, "class=\"" + HtmlReport.POINT_CLASS + "\""), "markers in the page");
        assertTrue(svg.contains("20 ms limit"), "threshold line label missing");
        assertEquals(10, count(dom, "class=\"lp-achieved\""), "achieved bars");
        assertEquals(13, count(dom, "class=\"mix-achieved\""), "op-mix bars (CIFS has 13 ops)");
        assertEquals(10, count(dom, "class=\"chart time-series\""), "one time series per load point");
        assertEquals(30, count(dom, "class=\"interval-point\""), "3 intervals per load point");
        assertTrue(dom.contains("CIFS 3011 ops/sec (Overall Response Time = 3.33 msec)"), "headline missing");
        assertTrue(dom.contains("NOT DISCLOSABLE"), "verdict missing");

        Path png = out.resolve("report.guide.png");
        Files.deleteIfExists(png);
        HeadlessChromium.screenshot(p.html(), png, profile);
        assertTrue(Files.size(png) > 20_000, "screenshot too small: " + Files.size(png) + " bytes");
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1200, img.getWidth());
        assertEquals(2000, img.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 7) {
            for (int x = 0; x < img.getWidth(); x += 7) {
                colours.add(img.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, "screenshot looks blank: " + colours.size() + " colours");
        // the curve's blue must be on screen, not just in the markup
        assertTrue(colours.contains(0xff1f77b4), "chart colour not rendered");
        System.out.println("screenshot: " + png.toAbsolutePath());
        reporter.publishEntry("screenshot", png.toAbsolutePath().toString());
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    /** The Maven build folder (target/ or -Dsfs.build.dir): the parent of test-classes. */
    static Path buildDir() throws Exception {
        return Path.of(HtmlReportChromiumIT.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getParent();
    }
}
