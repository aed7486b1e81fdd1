package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.IntervalXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.SvgChart;
import org.sfsbench.testsupport.XmlLint;

/**
 * The HTML report's outage charts from known intervals (OutageSampleRun): the window runs from 10 s
 * before the outage to 10 s after it, one marker per interval in it, the shaded band spans the
 * outage's begin to end on the chart's own x scale and is labelled with its length and recovery;
 * the interval p99 the charts draw is published in the XML (valid against sfsresult.xsd) and read back.
 */
class OutageChartTest {
    @TempDir
    Path dir;

    @Test
    void theChartsShowTheWindowAroundTheOutageWithItsSpanShaded() throws Exception {
        ResultPublisher.Published pub = OutageSampleRun.publish(dir, "outage");
        String html = Files.readString(pub.html());
        assertTrue(html.contains("<h2>Outages</h2>"), "the report has an Outages section");
        for (String[] c : new String[][] {{"outage-throughput", "outage-ops"}, {"outage-latency", "outage-p99"}}) {
            SvgChart chart = SvgChart.in(html, c[0]);
            List<SvgChart.Marker> m = chart.markers(c[1]);
            // seconds 10..33.5 rounded out to 10..34; no p99 in seconds 21..23, when no op completed
            int expected = c[1].equals("outage-ops") ? 25 : 25 - 3;
            assertEquals(expected, m.size(), c[0] + ": one marker per interval in the window");
            assertTrue(m.get(0).title().startsWith("10.0 s:"), c[0] + " starts at 10 s: " + m.get(0));
            assertTrue(m.get(m.size() - 1).title().startsWith("34.0 s:"), c[0] + " ends at 34 s");
            SvgChart.Marker at20 = chart.marker(c[1], "20.0 s:");
            SvgChart.Marker at25 = chart.marker(c[1], "25.0 s:");
            double perSecond = (at25.cx() - at20.cx()) / 5;
            List<double[]> bands = chart.bands("band");
            assertEquals(1, bands.size(), c[0] + ": one band");
            assertEquals(at20.cx(), bands.get(0)[0], 0.02, c[0] + ": the band begins at 20.0 s");
            assertEquals(at20.cx() + 3.5 * perSecond, bands.get(0)[1], 0.02, c[0] + ": the band ends at 23.5 s");
            assertTrue(chart.markup().contains(">outage 3.5 s, recovered in 5.0 s</text>"), c[0] + ": the label");
        }
        // seconds 21..23 have no p99: its line breaks there rather than join 20 s to 24 s
        assertEquals(1, SvgChart.in(html, "outage-throughput").markup().split("<polyline", -1).length - 1);
        assertEquals(2, SvgChart.in(html, "outage-latency").markup().split("<polyline", -1).length - 1,
                "the p99 line in two pieces");
        assertTrue(SvgChart.in(html, "outage-latency").markup().contains("(log scale)"),
                "3500 ms beside 2 ms: the p99 axis is logarithmic");
        assertTrue(SvgChart.in(html, "outage-latency").markers("outage-p99").stream()
                .anyMatch(k -> k.title().equals("24.0 s: 600.0 ops/sec, p99 3500.000 msec")), "the parked ops' p99");

        XmlLint.validate(pub.xml(), Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument back = ResultInput.load(pub.xml());
        LoadPointXml p = back.loadPoints.get(0);
        IntervalXml s24 = p.intervals.get(23);
        assertEquals(0, s24.p99Msec.compareTo(new java.math.BigDecimal("3500")), "p99Msec published: " + s24.p99Msec);
        assertEquals(null, p.intervals.get(21).p99Msec, "no p99 for an interval without ops");
        assertEquals(null, back.loadPoints.get(1).intervals.get(0).p99Msec, "none where the model has none");
    }

    @Test
    void aRunWithoutOutagesHasNoOutageSection() throws Exception {
        String html = Files.readString(ReportFixtures.publishGuideRun(dir, "none").html());
        assertFalse(html.contains("<h2>Outages</h2>"), "no Outages section");
        assertFalse(html.contains("outage-throughput"), "no outage chart");
    }
}
