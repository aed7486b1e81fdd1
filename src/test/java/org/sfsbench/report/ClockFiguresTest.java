package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.SfsresWriter;
import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/** Each client's clock in every published form: XML (valid, both ways), JSON, HTML and sfsres. */
class ClockFiguresTest {

    /** The guide's sample run with clocks on every client but the last (an unmeasured one). */
    private static RunResult withClocks() {
        RunResult run = GuideSampleRun.build("clock");
        List<LoadPointResult> points = new ArrayList<>();
        for (LoadPointResult p : run.loadPoints()) {
            points.add(p.with(b -> {
                List<ClientThroughput> cs = new ArrayList<>();
                for (ClientThroughput c : p.clients()) {
                    cs.add(c.number() == p.clients().size() ? c : c.withClock(new ClientClock(3000.25 * c.number(), 0.4,
                            1.5, c.number() == 2 ? Double.NaN : -0.75, c.number() == 1 ? 1 : 0, 2.5, 0)));
                }
                b.clients = cs;
            }));
        }
        return run.with(b -> b.loadPoints = points);
    }

    @Test
    void xmlCarriesThemBothWaysAndValidates() throws IOException {
        RunResult run = withClocks();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultXml.write(ResultMapping.toDocument(run), out);   // marshals against the schema
        String xml = out.toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("<clock offsetMs=\"3000.250\" uncertaintyMs=\"0.400\" warmupLagMs=\"1.500\""), xml);
        RunResult back = ResultMapping.toRunResult(ResultXml.read(new ByteArrayInputStream(out.toByteArray()), "clock"));
        for (int i = 0; i < run.loadPoints().size(); i++) {
            List<ClientThroughput> a = run.loadPoints().get(i).clients();
            List<ClientThroughput> b = back.loadPoints().get(i).clients();
            for (int c = 0; c < a.size(); c++) {
                assertEquals(a.get(c).clock(), b.get(c).clock(), "point " + i + " client " + c);
            }
            assertNull(b.get(b.size() - 1).clock());
        }
    }

    @Test
    void jsonHtmlAndSfsresShowThem() throws IOException {
        RunResult run = withClocks();
        ResultDocument d = ResultMapping.toDocument(run);
        String json = ResultJson.toJson(d);
        assertTrue(json.contains("\"clock\" : {"), json.substring(0, 3000));
        assertTrue(json.contains("\"offsetMs\" : 6000.500"), "client 2's offset");
        String html = HtmlReport.render(d);
        assertTrue(html.contains("Clock offset ms"), "the client table's offset column");
        assertTrue(html.contains(">9000.750<"), "client 3's offset in the client table");
        String sfsres = SfsresWriter.format(run);
        assertTrue(sfsres.contains("  Client clocks:\n    client 1 "), sfsres);
        assertTrue(sfsres.contains(": offset +3000.3 ms ± 0.4, WARMUP started +1.5 ms, RUN started -0.8 ms"
                + " (tolerance 20.4 ms), slowest answer 2.5 ms, clock stepped 1 time\n"), sfsres);
        assertTrue(sfsres.contains(": offset +6000.5 ms ± 0.4, WARMUP started +1.5 ms, RUN start not seen"), sfsres);
    }
}
