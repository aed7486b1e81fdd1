package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.SvgChart;

/**
 * The live page drawn by Chromium during and after LiveOutageTest's outage (8.0 s to 10.5 s into
 * RUN): the status tile says "outage since 8.0 s", then "last outage 2.5 s, recovered in 3.0 s",
 * and the ops/s chart shades the outage's span, to its right edge while it lasts. Screenshot:
 * live-screenshots/live-outage.png in the build folder.
 */
class LiveOutageChromiumIT {
    /** The ops/s chart's plot: viewBox x of its left edge and its width (live.html timeChart). */
    private static final double LEFT = 52;
    private static final double WIDTH = 620 - 52 - 10;
    /** #c62828 at 18 % over white. */
    private static final int BAND = 0xf7dbdb;

    @Test
    void theOutageIsMarkedWhileItLastsAndAfter(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        LiveState state = new LiveState(null);
        Path profile = Files.createDirectories(dir.resolve("chromium"));
        for (int s = 1; s <= 10; s++) {
            LiveOutageTest.poll(state, s);
        }
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), state)) {
            String dom = HeadlessChromium.dumpDom(server.url(), profile);
            assertTrue(dom.contains("<b class=\"bad\">outage since 8.0 s</b>"), "the tile while it lasts");
            // rows from 1 s to 10 s: the band from 8 s to the chart's right edge
            assertBand(SvgChart.in(dom, "ops").bands("outage-band"), 7.0 / 9, 1);
        }
        for (int s = 11; s <= 14; s++) {
            LiveOutageTest.poll(state, s);
        }
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), state)) {
            String dom = HeadlessChromium.dumpDom(server.url(), profile);
            assertTrue(dom.contains("last outage 2.5 s, recovered in 3.0 s"), "the tile after it");
            // rows from 1 s to 14 s: the band from 8 s to 10.5 s
            List<double[]> bands = SvgChart.in(dom, "ops").bands("outage-band");
            assertBand(bands, 7.0 / 13, 9.5 / 13);
            Path png = Files.createDirectories(Sfs.buildDir().resolve("live-screenshots")).resolve("live-outage.png");
            HeadlessChromium.screenshot(server.url(), png, profile, 1280, 700);
            BufferedImage img = ImageIO.read(png.toFile());
            assertTrue(SvgChart.topmost(img, BAND, 6) >= 0, "the band is on screen");
            System.out.println("screenshot: " + png);
        }
    }

    private static void assertBand(List<double[]> bands, double from, double to) {
        assertEquals(1, bands.size(), "one band");
        assertEquals(LEFT + WIDTH * from, bands.get(0)[0], 0.1, "its begin");
        assertEquals(LEFT + WIDTH * to, bands.get(0)[1], 0.1, "its end");
    }
}
