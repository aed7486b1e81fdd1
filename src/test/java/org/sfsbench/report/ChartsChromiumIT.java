package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.SvgChart;

/**
 * The report's charts drawn by Chromium from known data show what the data say: the SLO chart's
 * 1 ms bound and its paced probes stand apart from the x axis and from each other although the
 * top speed's tail is 700 ms, and the msec/op curve rises and falls as 0.228 / 0.248 / 0.186 do
 * (sfssum's column rounds all three to 0.2). Screenshots: report-screenshots/ in the build folder.
 */
class ChartsChromiumIT {
    private static final String LIMIT = "#d62728";
    private static final int P50 = 0x9ecae1;
    private static final int P99 = 0xfd8d3c;
    private static final int RESPONSE = 0x1f77b4;
    /** Plot bottom of a 420-high LineChart (its x axis). */
    private static final double AXIS = 420 - 78;

    @TempDir
    Path profile;

    @Test
    void theSloChartSeparatesTheBoundAndThePacedProbesOnALogAxis() throws Exception {
        HeadlessChromium.assumeInstalled();
        String dom = render("slo");
        SvgChart chart = SvgChart.in(dom, "slo-chart");
        assertTrue(chart.markup().contains("(log scale)"), "the latency axis says it is logarithmic");
        double bound = chart.dashedLineY(LIMIT);
        double decade = chart.gridY("0.1") - chart.gridY("1");
        assertTrue(decade > 50, "a decade is " + decade + " px");
        assertEquals(chart.gridY("1"), bound, 0.01, "the 1 ms bound on the 1 ms grid line");
        assertTrue(AXIS - bound > 50, "the bound stands " + (AXIS - bound) + " px above the x axis");
        List<SvgChart.Marker> p99 = chart.markers("slo-probe").stream().filter(m -> m.title().contains(" p99 "))
                .toList();
        assertEquals(PROBES.length, p99.size(), "a p99 marker per probe");
        for (SvgChart.Marker m : p99) {
            boolean paced = !m.title().contains("(top,");
            boolean passed = m.title().contains(", pass)");
            assertTrue(AXIS - m.cy() > 20, "off the x axis: " + m);
            if (paced) {
                // a passing probe's p99 lies below the bound, a failing one's above, by what log10 says
                assertEquals(passed, m.cy() > bound, "the crossing is visible: " + m);
            }
        }
        SvgChart.Marker low = chart.marker("slo-probe", "p99 0.400 msec");
        assertEquals(decade * Math.log10(1 / 0.4), low.cy() - bound, 0.5, "0.4 ms is 0.4 decades under the bound");
        SvgChart.Marker top = chart.marker("slo-probe", "(top, fail): paced 9000.0, achieved 8900.0 ops/sec, p99 ");
        assertEquals(decade * Math.log10(700), bound - top.cy(), 0.5, "700 ms is 2.85 decades above the bound");

        BufferedImage img = chart.screenshot(Files.createDirectories(out()).resolve("slo-chart.png"), profile);
        assertTrue(SvgChart.colourNear(img, 150, bound, 5, 0xd62728, 40), "the bound line is on screen");
        assertTrue(SvgChart.colourNear(img, low.cx(), low.cy(), 1, P99, 30), "the 0.4 ms p99 marker is on screen");
        assertFalse(SvgChart.colourNear(img, low.cx(), bound, 1, P99, 30), "and not on the bound");
        SvgChart.Marker p50 = chart.marker("slo-probe", "(bisect, pass): paced 4500.0, achieved 4490.0 ops/sec, p50");
        assertTrue(SvgChart.colourNear(img, p50.cx(), p50.cy(), 1, P50, 30), "the 0.2 ms p50 marker is on screen");
        assertTrue(AXIS - p50.cy() > 20, "the 0.2 ms p50 is " + (AXIS - p50.cy()) + " px above the axis");

        // the table: each re-measured probe by its recorded reason
        assertTrue(dom.contains(">6.0 (re-measured (suspected stall))</td>"), "the stall re-measure");
        assertTrue(dom.contains(">8.0 (lengthened for samples)</td>"), "the sample rule's lengthening");
        assertTrue(dom.contains(">12.0 (re-measured (verdict uncertain))</td>"), "the uncertain verdict");
        assertFalse(dom.contains("(lengthened)"), "no bare 'lengthened'");
    }

    @Test
    void theMsecPerOpCurvesDrawTheExactMeans() throws Exception {
        HeadlessChromium.assumeInstalled();
        String dom = render("msec");
        assertTrue(dom.contains("<td class=\"num\">0.2</td>"), "the table keeps sfssum's one-decimal column");
        for (String[] c : new String[][] {{"response-curve", HtmlReport.POINT_CLASS}, {"percentile-curve",
            "pct-curve-mean"}}) {
            SvgChart chart = SvgChart.in(dom, c[0]);
            double[] y = new double[MEANS.length];
            for (int i = 0; i < MEANS.length; i++) {
                y[i] = chart.marker(c[1], "Load point " + (i + 1) + ":").cy();
                assertTrue(chart.marker(c[1], "Load point " + (i + 1) + ":").title().contains(MEANS[i] + " msec/op"),
                        "the tooltip gives " + MEANS[i]);
            }
            // heights in proportion to 0.228 / 0.248 / 0.186 on the chart's axis: 0.248 highest, 0.186 lowest
            assertTrue(y[1] < y[0] && y[0] < y[2], c[0] + ": " + java.util.Arrays.toString(y));
            boolean log = chart.markup().contains("(log scale)");
            java.util.function.DoubleUnaryOperator f = log ? Math::log10 : v -> v;
            assertEquals((f.applyAsDouble(0.228) - f.applyAsDouble(0.186)) / (f.applyAsDouble(0.248)
                    - f.applyAsDouble(0.228)), (y[2] - y[0]) / (y[0] - y[1]), 0.15, c[0] + (log ? " (log)" : " (linear)")
                    + ": " + java.util.Arrays.toString(y));
            assertTrue(y[2] - y[1] > (log ? 10 : 30), "0.186 and 0.248 apart by " + (y[2] - y[1]) + " px");
            if (c[0].equals("response-curve")) {
                BufferedImage img = chart.screenshot(out().resolve("msec-per-op.png"), profile);
                for (int i = 0; i < MEANS.length; i++) {
                    SvgChart.Marker m = chart.marker(c[1], "Load point " + (i + 1) + ":");
                    assertTrue(SvgChart.colourNear(img, m.cx(), m.cy(), 1, RESPONSE, 30), "marker " + (i + 1));
                }
            }
        }
    }

    /** 0.228 / 0.248 / 0.186 msec/op: sfssum prints 0.2 for each. */
    private static final double[] MEANS = {0.228, 0.248, 0.186};

    /** number, kind, paced, achieved, seconds, windows, extra windows, p50, p90, p99, p99.9, verdict. */
    private static final Object[][] PROBES = {
        {1, "top", 9000, 8900, 4, 1, List.of(), 200.0, 500.0, 700.0, 900.0, "fail"},
        {2, "bisect", 4500, 4490, 4, 1, List.of(), 0.2, 0.3, 0.4, 0.6, "pass"},
        {3, "bisect", 6750, 6700, 6, 2, List.of(SloProbeResult.STALL), 0.4, 1.2, 2.5, 4.0, "fail"},
        {4, "bisect", 5625, 5600, 8, 2, List.of(SloProbeResult.SAMPLES), 0.3, 0.5, 0.7, 1.1, "pass"},
        {5, "bisect", 6187, 6150, 4, 1, List.of(), 0.35, 0.8, 1.4, 2.2, "fail"},
        {6, "confirm", 5625, 5610, 12, 3, List.of(SloProbeResult.UNCERTAIN, SloProbeResult.UNCERTAIN), 0.3, 0.5,
            0.8, 1.2, "pass"},
    };

    private String render(String suffix) throws Exception {
        RunResult.Builder r = GuideSampleRun.build(suffix).toBuilder();
        List<LoadPointResult> points = new ArrayList<>();
        for (int i = 0; i < MEANS.length; i++) {
            LoadPointResult.Builder p = r.loadPoints.get(i).toBuilder();
            p.msecPerOp = MEANS[i];
            points.add(p.build());
        }
        r.loadPoints.clear();
        r.loadPoints.addAll(points);
        Metrics.compute(r.loadPoints).applyTo(r);
        List<SloProbeResult> probes = new ArrayList<>();
        for (Object[] p : PROBES) {
            @SuppressWarnings("unchecked")
            List<String> extra = (List<String>) p[6];
            String verdict = (String) p[11];
            double p99 = (Double) p[9];
            probes.add(new SloProbeResult((Integer) p[0], (String) p[1], (Integer) p[2], (Integer) p[3],
                    (Integer) p[4], (Integer) p[5], extra, 40_000, 10_000, p99 / 2, (Double) p[7], (Double) p[8], p99,
                    (Double) p[10], List.of(p99), 0, verdict, verdict.equals("pass") ? ""
                            : String.format(java.util.Locale.ROOT, "p99 %.3f ms > 1 ms", p99)));
        }
        r.slo = new SloResult("p99 <= 1 ms", 5, 1, 10_000, 9000, 1, "met", 5625, 5625, 6187, probes);
        Path dir = Files.createDirectories(profile.resolve("results-" + suffix));
        ResultPublisher.Published pub = ResultPublisher.writeAll(r.build(), dir, suffix);
        return HeadlessChromium.dumpDom(pub.html(), profile);
    }

    private static Path out() throws Exception {
        return Files.createDirectories(HtmlReportChromiumIT.buildDir().resolve("report-screenshots"));
    }
}
