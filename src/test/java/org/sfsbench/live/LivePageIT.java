package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Phase;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;

/**
 * The page at the scale the issue names: 64 clients (four of them behind schedule) over ten
 * finished load points, as Chromium draws it: the clients' spread with a bar per slowest or late
 * client, a marker per point, the headline.
 */
class LivePageIT {
    @Test
    void sixtyFourClientsAndTenPointsStayReadable(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        LiveState state = new LiveState(null);
        int read = OpNames.canonical().id("read");
        List<String> names = new ArrayList<>();
        for (int c = 0; c < 64; c++) {
            names.add("client-host-" + c + ".lab.example");
        }
        long t = 1_800_000_000_000L;
        for (int point = 1; point <= 10; point++) {
            for (int sec = 0; sec < 20; sec++) {
                List<EngineSample> samples = new ArrayList<>();
                for (int c = 0; c < 64; c++) {
                    long perSecond = 10L * point + c % 7;
                    long ops = (sec + 1) * perSecond;
                    // counters are cumulative over the phase: every second so far, each a little slower
                    LatencyHistogram h = new LatencyHistogram();
                    for (int s = 0; s <= sec; s++) {
                        h.addToBucket(LatencyHistogram.bucketOf(200L * point + 50L * s), perSecond);
                    }
                    samples.add(new EngineSample(Phase.RUN, 0, 0, 0, 0, 4, point == 10 && c % 20 == 3 ? 2 : 0,
                            List.of(new OpCounters(read, ops, 0, ops * 8192, ops * 200L * point, 200L * point,
                                    200L * point + 50L * sec, 0, 0, ops, 0, h)),
                            List.of()));
                }
                state.tick(new LiveTick(t, point, 10, "RUN", 20 - sec, 640.0 * point, 600 - 60 * point, names,
                        samples, ""));
                t += 1000;
            }
            state.pointFinished(new LiveListener.FinishedPoint(point, 640L * point, 640.0 * point - point * point,
                    0.2 * point * point, 5.1 * point));
        }
        try (LiveServer server = LiveServer.start(LiveAddress.parse("0"), state)) {
            Path profile = Files.createDirectories(dir.resolve("chromium"));
            Path png = Files.createDirectories(Sfs.buildDir().resolve("live-screenshots")).resolve("live-64x10.png");
            HeadlessChromium.screenshot(server.url(), png, profile, 1280, 1300);
            String dom = HeadlessChromium.dumpDom(server.url(), profile);
            // beyond 16 clients the spread in one line, then the 5 slowest and every client behind schedule
            assertTrue(dom.contains("64 clients, ops/s: min "), "the clients' spread");
            assertEquals(9, dom.split("class=\"cl( late)?\"", -1).length - 1, "a bar per slowest or late client");
            assertEquals(4, dom.split("class=\"cl late\"", -1).length - 1, "the late clients (3, 23, 43, 63) in red");
            assertEquals(10, dom.split("class=\"lp-point\"", -1).length - 1, "a marker per finished point");
            assertTrue(dom.contains(">p10<") && dom.contains("point 10 of 10"), "points marked and named");
            System.out.println("screenshot: " + png);
        }
    }
}
