package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;

/**
 * The published files of a real (short, POSIX, one client) run: the XML validates with the JDK and
 * with xmllint, its load points carry sfssum's digits, the JSON holds the same document, and
 * {@code sfs report} renders it into a page Chromium draws with one marker per load point.
 */
class ReportOnRealRunIT {
    @Test
    void realRunPublishesValidConsistentFiles(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "10 20", 1, 3, "");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "real", "-d",
                results.toString());
        assertEquals(0, run.waitFor(180), run.output());

        Path xml = results.resolve("sfsresult.real.xml");
        XmlLint.validate(xml, Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument doc = ResultXml.read(xml);
        List<String> sfssum = Files.readAllLines(results.resolve("sfssum.real"));
        assertEquals(2, doc.loadPoints.size());
        assertEquals(2, sfssum.size());
        for (int i = 0; i < 2; i++) {
            LoadPointXml p = doc.loadPoints.get(i);
            String[] fromXml = {Long.toString(p.requestedOpsPerSec), p.achievedOpsPerSec.toPlainString(),
                p.msecPerOp.toPlainString(), Long.toString(p.totalOps), Long.toString(p.seconds), p.protocol,
                p.transport, Integer.toString(p.ipVersion), Long.toString(p.fileSetKB), Integer.toString(p.clients),
                Integer.toString(p.procsPerClient), Integer.toString(p.biodMaxWrites),
                Integer.toString(p.biodMaxReads), p.version};
            assertArrayEquals(sfssum.get(i).strip().split("\\s+"), fromXml, "row " + (i + 1));
            assertTrue(p.totalOps > 0 && !p.ops.isEmpty(), "a real point has per-op detail");
        }
        assertEquals("POSIX", doc.run.protocol);
        assertEquals("localhost", doc.clients.get(0).name);
        assertTrue(!doc.disclosability.disclosable && !doc.disclosability.reasons.isEmpty(),
                "a POSIX run with FILESET_SCALE is never disclosable, with reasons");
        assertEquals(ResultJson.toJson(doc), ResultJson.toJson(ResultJson.read(results.resolve("sfsresult.real.json"))));

        Path web = dir.resolve("web");
        ChildProcess report = Sfs.start(dir.resolve("report.txt"), Map.of(), "report", xml.toString(), "-d",
                web.toString());
        assertEquals(0, report.waitFor(60), report.output());
        assertTrue(report.output().contains(sfssum.get(1)), report.output());
        assertTrue(report.output().lines().allMatch(l -> l.length() <= 80), "report wider than 80 columns:\n"
                + report.output());
        // procs count from 0 everywhere: the worker's range in the client log is the plan's
        assertTrue(Files.readString(results.resolve("sfsc0001.real")).contains("client 1 (localhost) worker 1 [procs 0"),
                Files.readString(results.resolve("sfsc0001.real")));
        // the run's own sfssum gives the same table and the same headline
        ChildProcess fromSum = Sfs.start(dir.resolve("report-sum.txt"), Map.of(), "report",
                results.resolve("sfssum.real").toString(), "-d", dir.resolve("web-sum").toString());
        assertEquals(0, fromSum.waitFor(60), fromSum.output());
        assertTrue(fromSum.output().contains(sfssum.get(0)) && fromSum.output().contains(sfssum.get(1)), fromSum.output());
        String headline = "POSIX " + doc.metrics.peakThroughputOpsPerSec.toPlainString() + " ops/sec";
        assertTrue(report.output().contains(headline) && fromSum.output().contains(headline), fromSum.output());
        Path html = web.resolve("report.real.html");
        HeadlessChromium.assumeInstalled();
        String dom = HeadlessChromium.dumpDom(html, Files.createDirectories(dir.resolve("chromium")));
        assertEquals(2, dom.split("class=\"lp-point\"", -1).length - 1, "one curve marker per load point");
        assertCurveFillsThePlot(dom);
        Path png = Sfs.buildDir().resolve("report-screenshots/report.real.png");
        Files.createDirectories(png.getParent());
        HeadlessChromium.screenshot(html, png, dir.resolve("chromium"), 1280);
        assertTrue(Files.size(png) > 20_000, "screenshot " + png);
        assertEquals(1280, javax.imageio.ImageIO.read(png.toFile()).getWidth());
        System.out.println("screenshot: " + png);
    }

    /**
     * A sub-millisecond server's curve must not lie flat on the axis under a 20 ms line: in the
     * rendered response-time chart the highest marker sits in the upper half of the plot.
     */
    private static void assertCurveFillsThePlot(String dom) {
        java.util.regex.Matcher chart = java.util.regex.Pattern
                .compile("<svg[^>]*class=\"chart response-curve\"[\\s\\S]*?</svg>").matcher(dom);
        assertTrue(chart.find(), "no response-curve chart in the rendered page");
        String svg = chart.group();
        // the y axis is the frame's vertical line: its ends are the plot's top and bottom
        java.util.regex.Matcher axis = java.util.regex.Pattern.compile(
                "<line x1=\"([\\d.]+)\" y1=\"([\\d.]+)\" x2=\"\\1\" y2=\"([\\d.]+)\"").matcher(svg);
        double top = Double.NaN;
        double bottom = Double.NaN;
        while (axis.find()) {
            double a = Double.parseDouble(axis.group(2));
            double b = Double.parseDouble(axis.group(3));
            if (Math.abs(b - a) > 100) {
                top = Math.min(a, b);
                bottom = Math.max(a, b);
            }
        }
        assertTrue(!Double.isNaN(top), "no y axis in " + svg);
        java.util.regex.Matcher cy = java.util.regex.Pattern.compile("class=\"lp-point\" cx=\"[\\d.]+\" cy=\"([\\d.]+)\"")
                .matcher(svg);
        double highest = Double.MAX_VALUE;
        while (cy.find()) {
            highest = Math.min(highest, Double.parseDouble(cy.group(1)));
        }
        assertTrue(bottom - highest > (bottom - top) / 2, "curve flat on the axis: highest marker at y=" + highest
                + " in a plot from " + top + " to " + bottom);
        assertTrue(svg.contains("ms limit (above the chart)"), "the 20 ms limit is named when off the chart");
    }
}
