package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.LoadPointBuilder;
import org.sfsbench.results.LoadfileText;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.ReplayLagResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.ScheduleLag;

/**
 * A paced replay's lag in every published form: the engine's lag figures become the point's
 * percentiles, which the console/sfsres lines, XML (valid against sfsresult.xsd, both ways), JSON,
 * the text report and the HTML report carry; points without them show none.
 */
class ReplayLagFiguresTest {

    /** The lag of 100 ops: 90 at 0.1 ms, 9 at 2 ms, one at 40 ms. */
    private static ReplayLagResult hundredOps() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 90; i++) {
            h.add(100);
        }
        for (int i = 0; i < 9; i++) {
            h.add(2000);
        }
        h.add(40_000);
        return LoadPointBuilder.replayLag(new ScheduleLag(h, 40_000));
    }

    private static RunResult replayRun() {
        RunResult base = GuideSampleRun.build("lag");
        List<LoadPointResult> points = new ArrayList<>();
        for (LoadPointResult p : base.loadPoints()) {
            points.add(p.with(b -> {
                b.simulatedClients = 2;
                b.replayLag = b.index == 1 ? null : hundredOps();
            }));
        }
        return base.with(b -> b.loadPoints = points);
    }

    @Test
    void percentilesComeFromTheEnginesHistogram() {
        ReplayLagResult g = hundredOps();
        assertEquals(100, g.ops());
        assertEquals(0.1, g.p50Ms(), 0.1 / 32, "within a bucket");
        assertEquals(2.0, g.p99Ms(), 2.0 / 32);
        assertEquals(40.0, g.maxMs(), 0, "the engine's exact largest lag");
        assertNull(LoadPointBuilder.replayLag(ScheduleLag.NONE), "no op, no figures");
        String line = LoadfileText.lagLine(g);
        assertTrue(line.startsWith("Replay lag p50 0.1") && line.endsWith("max 40.000 ms (send time minus the"
                + " scheduled time, 100 ops)"), line);
    }

    @Test
    void xmlCarriesThemBothWaysAndValidates() throws IOException {
        RunResult run = replayRun();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultXml.write(ResultMapping.toDocument(run), out);   // marshals against the schema
        String xml = out.toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("<replayLag ops=\"100\" p50Msec="), xml.substring(0, 3000));
        RunResult back = ResultMapping.toRunResult(ResultXml.read(new ByteArrayInputStream(out.toByteArray()), "lag"));
        assertNull(back.loadPoints().get(0).replayLag());
        ReplayLagResult a = run.loadPoints().get(1).replayLag();
        ReplayLagResult b = back.loadPoints().get(1).replayLag();
        assertEquals(a.ops(), b.ops());
        assertEquals(a.p50Ms(), b.p50Ms(), 0.0005);
        assertEquals(a.p90Ms(), b.p90Ms(), 0.0005);
        assertEquals(a.p99Ms(), b.p99Ms(), 0.0005);
        assertEquals(a.maxMs(), b.maxMs(), 0.0005);
    }

    /** LOADFILE_PASSES=2: point 1 ended with its passes after 1.234 s, point 2 at RUNTIME, the others had none. */
    @Test
    void passesAndTheirTimeGoBothWaysThroughXmlAndJson() throws IOException {
        RunResult base = GuideSampleRun.build("passes");
        List<LoadPointResult> points = new ArrayList<>();
        for (LoadPointResult p : base.loadPoints()) {
            points.add(p.index() > 2 ? p : p.with(b -> {
                b.simulatedClients = 2;
                b.loadfilePasses = 2;
                b.passesDone = b.index == 1;
                b.seconds = b.index == 1 ? 1.234 : b.seconds;
            }));
        }
        RunResult run = base.with(b -> b.loadPoints = points);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultXml.write(ResultMapping.toDocument(run), out);   // marshals against the schema
        String xml = out.toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("loadfilePasses=\"2\" passesDone=\"true\" passesSeconds=\"1.234\""), xml);
        RunResult back = ResultMapping.toRunResult(ResultXml.read(new ByteArrayInputStream(out.toByteArray()), "passes"));
        LoadPointResult first = back.loadPoints().get(0);
        assertEquals(2, first.loadfilePasses());
        assertTrue(first.passesDone());
        assertEquals(1.234, first.seconds(), 0, "the passes' time, not its whole seconds");
        LoadPointResult second = back.loadPoints().get(1);
        assertEquals(2, second.loadfilePasses());
        assertFalse(second.passesDone());
        assertEquals(run.loadPoints().get(1).seconds(), second.seconds(), 0.5);
        assertEquals(0, back.loadPoints().get(2).loadfilePasses());
        String json = ResultJson.toJson(ResultMapping.toDocument(run));
        assertTrue(java.util.regex.Pattern.compile("\"loadfilePasses\" : 2,\\s*\"passesDone\" : true,\\s*"
                + "\"passesSeconds\" : 1.234").matcher(json).find(), json.substring(0, 3000));
    }

    @Test
    void consoleJsonTextAndHtmlShowThem() throws IOException {
        RunResult run = replayRun();
        assertTrue(LoadfileText.lines(run.loadPoints().get(1)).contains(LoadfileText.lagLine(hundredOps())));
        assertFalse(LoadfileText.lines(run.loadPoints().get(0)).stream().anyMatch(l -> l.startsWith("Replay lag")),
                "an unpaced point has no lag line");
        ResultDocument d = ResultMapping.toDocument(run);
        String json = ResultJson.toJson(d);
        assertTrue(java.util.regex.Pattern.compile("\"replayLag\" : \\{\\s*\"ops\" : 100,").matcher(json).find(),
                json.substring(0, 3000));
        String text = TextReport.render(ResultMapping.toRunResult(d));
        assertTrue(text.contains("Replay timing: each op's send time minus the time its schedule gave it"), text);
        assertTrue(java.util.regex.Pattern.compile("(?m)^2 +2 +100 +0\\.1\\d\\d +\\d+\\.\\d{3} +2\\.\\d{3} +40\\.000$")
                .matcher(text).find(), text);
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= 80, line);
        }
        String html = HtmlReport.render(d);
        assertTrue(html.contains("<h2>Replay timing</h2>") && html.contains("<td class=\"num\">40.000</td>"), html);
        String plain = HtmlReport.render(ResultMapping.toDocument(GuideSampleRun.build("plain")));
        assertFalse(plain.contains("Replay timing"), "no section without lag figures");
    }
}
