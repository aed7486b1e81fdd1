package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Phase;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.SvgChart;

/**
 * A stalled server on the live page: ten healthy seconds (p99 0.5 ms), six in which nothing
 * completes, then one second whose ops waited 805 ms. The status tile's p99 is that second's; the
 * response-time chart must draw it where the tile says, although no known second lies beside it
 * (a line needs two), on a log axis that keeps the 0.2 ms median readable too.
 */
class LiveLatencyChartIT {
    private static final int P99 = 0xef6c00;
    private static final int P50 = 0x2e7d32;

    @Test
    void aLoneStalledSecondIsDrawnAtTheHeightTheStatusTileGives(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        LiveState state = new LiveState(null);
        OpCounters read = new OpCounters(OpNames.canonical().id("read"));
        long t = 1_800_000_000_000L;
        tick(state, t, read);
        for (int sec = 1; sec <= 10; sec++) {
            for (int i = 0; i < 1000; i++) {
                read.record(i < 985 ? 200 : 500, 100, 8192, false, false);
            }
            tick(state, t + sec * 1000L, read);
        }
        for (int sec = 11; sec <= 16; sec++) {
            tick(state, t + sec * 1000L, read); // stalled: nothing completes
        }
        for (int i = 0; i < 1000; i++) {
            read.record(i < 980 ? 300 : i < 995 ? 805_000 : 2_000_000, 100, 8192, false, true);
        }
        tick(state, t + 17_000L, read);

        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), state)) {
            Path profile = Files.createDirectories(dir.resolve("chromium"));
            String dom = HeadlessChromium.dumpDom(server.url(), profile);
            Matcher tile = Pattern.compile("p50/p99/p99\\.9 <b>([0-9.]+) / ([0-9.]+) / ([0-9.]+)</b> ms").matcher(dom);
            assertTrue(tile.find(), "the status tile's percentiles");
            double p99 = Double.parseDouble(tile.group(2));
            assertTrue(p99 > 700 && p99 < 900, "the tile shows the stalled second's p99: " + p99);

            SvgChart lat = SvgChart.in(dom, "lat");
            SvgChart.Marker dot = lat.marker("series-point", "p99 ");
            assertEquals(p99, Double.parseDouble(dot.title().split(" ")[1]), 0.01, "the dot is the tile's figure");
            double y100 = lat.gridY("100");
            double y1000 = lat.gridY("1,000");
            assertEquals(y100 - (y100 - y1000) * Math.log10(p99 / 100), dot.cy(), 0.2, "at its height on the log axis");
            double axis = lat.gridY("0.1");
            assertTrue(axis - dot.cy() > 100, "far above the x axis: " + (axis - dot.cy()));
            assertTrue(axis - lat.gridY("1") > 30, "the healthy seconds' 0.2..0.5 ms stand off the axis too");

            Path png = Files.createDirectories(Sfs.buildDir().resolve("live-screenshots")).resolve("live-stall.png");
            HeadlessChromium.screenshot(server.url(), png, profile, 1280, 700);
            BufferedImage img = ImageIO.read(png.toFile());
            int orange = SvgChart.topmost(img, P99, 25);
            int green = SvgChart.topmost(img, P50, 25);
            assertTrue(orange >= 0 && green >= 0, "p99 and p50 drawn: " + orange + ", " + green);
            // the viewBox (220 high) is drawn about as wide as the panel: the dot 3 decades above the median
            assertTrue(green - orange > 60, "the 805 ms p99 stands " + (green - orange) + " px above the p50");
            System.out.println("screenshot: " + png);
        }
    }

    private static void tick(LiveState state, long timeMs, OpCounters cumulative) {
        EngineSample s = new EngineSample(Phase.RUN, 0, 0, 0, 0, 4, 0, List.of(cumulative.copy()), List.of());
        state.tick(new LiveTick(timeMs, 1, 1, "RUN", 20, 1000, 20, List.of("client1"), List.of(s), ""));
    }
}
