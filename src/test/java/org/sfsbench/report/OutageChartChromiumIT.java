package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.SvgChart;

/**
 * The outage charts of OutageSampleRun drawn by Chromium: the shaded band is on screen between
 * 20.0 s and 23.5 s and not beside it, and the ops/s markers before and after it are drawn.
 * Screenshots: report-screenshots/outage-*.png in the build folder.
 */
class OutageChartChromiumIT {
    /** #d62728 at 18 % over white. */
    private static final int BAND = 0xf8d8d8;
    private static final int ACHIEVED = 0x1f77b4;
    /** Plot top and bottom of a 300-high LineChart. */
    private static final double TOP = 44;
    private static final double BOTTOM = 300 - 78;

    @TempDir
    Path profile;

    @Test
    void theOutageBandAndTheSeriesAreOnScreen() throws Exception {
        HeadlessChromium.assumeInstalled();
        ResultPublisher.Published pub = OutageSampleRun.publish(Files.createDirectories(profile.resolve("r")), "o");
        String dom = HeadlessChromium.dumpDom(pub.html(), profile);
        Path out = Files.createDirectories(HtmlReportChromiumIT.buildDir().resolve("report-screenshots"));
        for (String[] c : new String[][] {{"outage-throughput", "outage-ops"}, {"outage-latency", "outage-p99"}}) {
            SvgChart chart = SvgChart.in(dom, c[0]);
            double[] band = chart.bands("band").get(0);
            BufferedImage img = chart.screenshot(out.resolve(c[0] + ".png"), profile);
            double mid = (band[0] + band[1]) / 2;
            double low = BOTTOM - 10;
            assertTrue(SvgChart.colourNear(img, mid, low, 1, BAND, 12), c[0] + ": shaded inside the outage");
            assertFalse(SvgChart.colourNear(img, band[0] - 8, low, 1, BAND, 12), c[0] + ": not before it");
            assertFalse(SvgChart.colourNear(img, band[1] + 8, low, 1, BAND, 12), c[0] + ": not after it");
            assertTrue(SvgChart.colourNear(img, mid, (TOP + BOTTOM) / 2, 1, BAND, 12), c[0] + ": over the plot's height");
            SvgChart.Marker before = chart.marker(c[1], "15.0 s:");
            SvgChart.Marker after = chart.marker(c[1], "30.0 s:");
            assertTrue(SvgChart.colourNear(img, before.cx(), before.cy(), 1, ACHIEVED, 30), c[0] + ": 15 s drawn");
            assertTrue(SvgChart.colourNear(img, after.cx(), after.cy(), 1, ACHIEVED, 30), c[0] + ": 30 s drawn");
            assertEquals(before.cy(), after.cy(), 0.01, c[0] + ": the same level before and after");
        }
    }
}
