package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.results.SfsresWriter;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * 140 clients (the largest published SPECsfs2008 result): sfsres, the text and the HTML report
 * summarise them (min / median / max, the slowest named) instead of a row each, and the XML/JSON
 * document keeps every client's row.
 */
class ManyClientsReportTest {
    private static final int CLIENTS = 140;

    private static RunResult run() {
        List<ClientThroughput> cs = new ArrayList<>();
        for (int i = 1; i <= CLIENTS; i++) {
            // client 77 lags, client 3 leads, the others spread over 10..59 ops/s
            double ops = i == 77 ? 1.5 : i == 3 ? 99 : 10 + i % 50;
            cs.add(new ClientThroughput(String.format("c%03d", i), i, ops, 0.1, null, null));
        }
        RunResult base = GuideSampleRun.build("many");
        List<LoadPointResult> points = new ArrayList<>(base.loadPoints());
        points.set(0, points.get(0).with(b -> b.clients = cs));
        return base.with(b -> b.loadPoints = points);
    }

    @Test
    void sfsresSummarisesTheClients() {
        String text = SfsresWriter.format(run());
        assertTrue(text.contains("  140 clients, achieved ops/s: min 1.5 (client 77 (c077)), median "), text);
        assertTrue(text.contains(", max 99.0 (client 3 (c003))\n"), text);
        assertTrue(text.contains("  slowest: client 77 (c077) 1.5; client 50 (c050) 10.0; client 100 (c100) 10.0;"
                + " client 1 (c001) 11.0; client 51 (c051) 11.0\n"), text);
        assertTrue(text.contains("  every client's row: the XML and JSON results (clientThroughput)\n"), text);
        // client 2 is neither the slowest nor the fastest: no row of its own
        assertFalse(text.contains("c002"), "no row per client:\n" + text);
    }

    @Test
    void textReportHasNoRowPerClient() {
        String text = TextReport.render(ResultMapping.asPublished(run()));
        assertFalse(text.contains("c077"), text);
        assertTrue(text.lines().count() < 200, text.lines().count() + " lines:\n" + text);
    }

    @Test
    void htmlSummarisesAndTheDocumentKeepsEveryClient() {
        ResultDocument d = ResultMapping.toDocument(run());
        assertEquals(CLIENTS, d.loadPoints.get(0).clientThroughput.size(), "the document keeps every client's row");
        String html = HtmlReport.render(d);
        int at = html.indexOf("<table class=\"client-spread\">");
        assertTrue(at >= 0, "the client spread table");
        String table = html.substring(at, html.indexOf("</table>", at));
        assertEquals(1 + 3 + 5, table.split("<tr").length - 1, "header, min/median/max and the 5 slowest:\n" + table);
        assertTrue(table.contains("client 77 (c077)"), table);
        assertFalse(html.contains("c002"), "no row per client in the HTML report");
        assertTrue(html.contains("140 clients: their spread and the slowest"), "the summary's lead");
    }
}
