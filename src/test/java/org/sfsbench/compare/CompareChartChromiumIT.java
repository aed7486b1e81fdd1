package org.sfsbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.SvgChart;

/**
 * The comparison page's curves drawn by Chromium: a 0.2 ms baseline against a 206 ms run stands
 * off the x axis (a log axis, since the runs are three decades apart), both where log10 puts them.
 */
class CompareChartChromiumIT {
    /** Plot bottom of a 420-high LineChart (its x axis). */
    private static final double AXIS = 420 - 78;

    @Test
    void aFastBaselineIsNotFlattenedAgainstASlowRun(@TempDir Path dir) throws Exception {
        HeadlessChromium.assumeInstalled();
        Random rnd = new Random(40);
        LoadedRun base = SyntheticRuns.loaded(SyntheticRuns.run("base", rnd, 1000, 0.2, 30, 0.3, 10, "18"));
        LoadedRun slow = SyntheticRuns.loaded(SyntheticRuns.run("slow", rnd, 990, 206, 30, 0.3, 10, "18"));
        List<LoadedRun> runs = List.of(base, slow);
        Path page = dir.resolve("compare.html");
        Files.writeString(page, CompareHtml.render(Comparison.of(runs, 0.95, false), runs), StandardCharsets.UTF_8);
        Path profile = Files.createDirectories(dir.resolve("chromium"));
        String dom = HeadlessChromium.dumpDom(page, profile);
        for (String css : new String[] {"cmp-response", "cmp-p99"}) {
            SvgChart chart = SvgChart.in(dom, css);
            assertTrue(chart.markup().contains("(log scale)"), css + ": runs three decades apart get a log axis");
            SvgChart.Marker b = chart.marker(CompareHtml.POINT_CLASS, "base, point 1");
            SvgChart.Marker s = chart.marker(CompareHtml.POINT_CLASS, "slow, point 1");
            double bMs = base.run().loadPoints().get(0).msecPerOp();
            double sMs = slow.run().loadPoints().get(0).msecPerOp();
            if (css.equals("cmp-p99")) {
                bMs = base.run().loadPoints().get(0).p99Ms();
                sMs = slow.run().loadPoints().get(0).p99Ms();
            }
            double decade = chart.gridY("1") - chart.gridY("10");
            assertTrue(decade > 40, css + ": a decade is " + decade + " px");
            assertEquals(decade * Math.log10(sMs / bMs), b.cy() - s.cy(), 0.5, css + ": the runs log10 apart");
            assertTrue(AXIS - b.cy() > 15, css + ": the baseline stands " + (AXIS - b.cy()) + " px off the x axis");
            if (css.equals("cmp-response")) {
                Path png = Files.createDirectories(Sfs.buildDir().resolve("compare-screenshots"))
                        .resolve("compare-response.png");
                BufferedImage img = chart.screenshot(png, profile);
                assertTrue(SvgChart.colourNear(img, b.cx(), b.cy(), 1, 0x0072B2, 30), "the baseline's marker on screen");
                assertFalse(SvgChart.colourNear(img, b.cx(), AXIS - 3, 1, 0x0072B2, 30), "and not on the axis");
                assertTrue(SvgChart.colourNear(img, s.cx(), s.cy(), 1, 0xD55E00, 30), "the run's marker on screen");
                System.out.println("screenshot: " + png);
            }
        }
    }
}
