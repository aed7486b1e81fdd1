package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Phase;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.LoadPointBuilder;
import org.sfsbench.results.LoadPointPlan;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/**
 * Latency percentiles against load in every report: two points built from engine samples of known
 * latencies, published, then read back: the text report's table and the HTML chart show each
 * point's p50/p90/p99/p99.9 as the merged histogram gives them, next to msec/op.
 */
class PercentilesReportTest {
    private static final int GETATTR = 1;

    /** {@code n} getattrs: 90 % at {@code fastUs}, 9 % at 4x, 1 % at 20x. */
    private static LoadPointResult point(int index, long requested, int n, long fastUs) {
        OpCounters c = new OpCounters(GETATTR);
        for (int i = 0; i < n; i++) {
            long us = i % 100 == 0 ? 20 * fastUs : i % 100 < 10 ? 4 * fastUs : fastUs;
            c.record(us, us, 0, false, false);
        }
        EngineSample s = new EngineSample(Phase.RUN, 10_000_000, 0, 0, 1 << 20, 2, 0, List.of(c), List.of());
        LoadPointPlan plan = new LoadPointPlan(index, requested, Backend.NFS, 1, 2, 2, 2, 4);
        return LoadPointBuilder.build(plan, s, 10.0, Map.of(GETATTR, 100.0), OpNames.canonical());
    }

    @Test
    void textAndHtmlShowEachPointsPercentilesFromItsHistogram(@TempDir Path dir) throws Exception {
        RunResult.Builder r = GuideSampleRun.build("pct").toBuilder();
        LoadPointResult low = point(1, 100, 1000, 500);
        LoadPointResult high = point(2, 200, 2000, 2000);
        r.loadPoints.clear();
        r.loadPoints.addAll(List.of(low, high));
        ResultPublisher.Published pub = ResultPublisher.writeAll(r.build(), dir, "pct");
        ResultDocument d = ResultXml.read(pub.xml());

        String text = TextReport.render(ResultMapping.toRunResult(d));
        for (LoadPointResult p : List.of(low, high)) {
            LoadPointXml x = d.loadPoints.get(p.index() - 1);
            // the published figures are the histogram's, rounded to microseconds
            assertEquals(p.p50Ms(), x.latency.p50Msec.doubleValue(), 0.0005);
            assertEquals(p.p99Ms(), x.latency.p99Msec.doubleValue(), 0.0005);
            String row = String.format(Locale.ROOT, "\\s*%d\\s+%s\\s+%s\\s+%s\\s+%s\\s+%s\\s+%s\\s*", p.index(),
                    Pattern.quote(x.achievedOpsPerSec.toPlainString()), Pattern.quote(x.msecPerOp.toPlainString()),
                    Pattern.quote(ms(p.p50Ms())), Pattern.quote(ms(p.p90Ms())), Pattern.quote(ms(p.p99Ms())),
                    Pattern.quote(ms(p.p999Ms())));
            assertTrue(Pattern.compile("(?m)^" + row + "$").matcher(text).find(), row + " in\n" + text);
        }
        assertTrue(text.contains("p50 ms") && text.contains("p99.9 ms") && text.contains("SPECsfs average"), text);
        // the 90th percentile is the fast ops' bucket, the 99th the 4x ones', the 99.9th the 20x ones'
        assertTrue(low.p90Ms() < 0.6 && low.p99Ms() > 1.9 && low.p999Ms() > 9.5, low.toString());

        String html = HtmlReport.render(d);
        Matcher chart = Pattern.compile("<svg[^>]*class=\"chart percentile-curve\"[\\s\\S]*?</svg>").matcher(html);
        assertTrue(chart.find(), "no percentile chart in the report");
        String svg = chart.group();
        for (String name : List.of("p50", "p90", "p99", "p99_9", "mean")) {
            assertEquals(2, count(svg, "class=\"pct-curve-" + name + "\""), name + " markers, one per point");
        }
        assertTrue(svg.contains("Load point 2: p99 " + ms(high.p99Ms()) + " msec at "), svg);
        assertTrue(svg.contains("Load point 1: p99.9 " + ms(low.p999Ms()) + " msec at "), svg);
        assertTrue(Files.readString(pub.html()).contains("class=\"chart percentile-curve\""), "the published page");
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static int count(String s, String what) {
        return s.split(Pattern.quote(what), -1).length - 1;
    }
}
