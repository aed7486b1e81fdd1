package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.access.AccessReport;
import org.sfsbench.access.AccessStepResult;
import org.sfsbench.access.AccessTest;
import org.sfsbench.access.Active;
import org.sfsbench.access.BuiltinSpecs;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * MB/s and client CPU in every published form: XML (valid against sfsresult.xsd, both ways), JSON,
 * the text report, the HTML report and the access results.csv CPU columns.
 */
class CpuFiguresTest {

    @Test
    void xmlCarriesThemBothWaysAndValidates() throws IOException {
        RunResult run = GuideSampleRun.build("cpu");
        ResultDocument d = ResultMapping.toDocument(run);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultXml.write(d, out);   // marshals against the schema
        String xml = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(xml.contains("<cpu hostBusyPercent="), xml.substring(0, 2000));
        RunResult back = ResultMapping.toRunResult(ResultXml.read(new ByteArrayInputStream(out.toByteArray()), "cpu"));
        for (int i = 0; i < run.loadPoints().size(); i++) {
            LoadPointResult a = run.loadPoints().get(i);
            LoadPointResult b = back.loadPoints().get(i);
            assertEquals(a.throughputMBps(), b.throughputMBps(), 0.0005);
            assertCpu(a.cpu(), b.cpu());
            for (int c = 0; c < a.clients().size(); c++) {
                assertEquals(a.clients().get(c).mbPerSec(), b.clients().get(c).mbPerSec(), 0.0005);
                assertCpu(a.clients().get(c).cpu(), b.clients().get(c).cpu());
            }
            for (int o = 0; o < a.ops().size(); o++) {
                assertEquals(a.ops().get(o).mbPerSec(), b.ops().get(o).mbPerSec(), 0.0005);
            }
        }
    }

    private static void assertCpu(CpuResult a, CpuResult b) {
        assertNotNull(b);
        assertEquals(a.hostBusyPercent(), b.hostBusyPercent(), 0.005);
        assertEquals(a.hostUserPercent(), b.hostUserPercent(), 0.005);
        assertEquals(a.hostSystemPercent(), b.hostSystemPercent(), 0.005);
        assertEquals(a.hostCpus(), b.hostCpus());
        assertEquals(a.processPercent(), b.processPercent(), 0.005);
        assertEquals(a.processUsPerOp(), b.processUsPerOp(), 0.005);
    }

    @Test
    void jsonTextAndHtmlShowThem() throws IOException {
        ResultDocument d = ResultMapping.toDocument(GuideSampleRun.build("cpu"));
        LoadPointXml p = d.loadPoints.get(3);
        String json = ResultJson.toJson(d);
        assertTrue(json.contains("\"cpu\" : {\n        \"hostBusyPercent\" : " + p.cpu.hostBusyPercent.toPlainString()),
                json.substring(0, 3000));
        assertTrue(json.contains("\"mbPerSec\" : "), "per-op and per-client MB/s in JSON");

        String text = TextReport.render(ResultMapping.toRunResult(d));
        assertTrue(text.contains("MB/s (10^6 bytes) and client CPU over RUN"), text);
        String busy = p.cpu.hostBusyPercent.setScale(1, java.math.RoundingMode.HALF_UP).toPlainString();
        assertTrue(java.util.regex.Pattern.compile("(?m)^" + p.index + " +" + p.achievedOpsPerSec.toPlainString()
                + " +" + p.throughputMBps.toPlainString() + " +" + busy + " ").matcher(text).find(), text);
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= 80, line);
        }

        String html = HtmlReport.render(d);
        assertTrue(html.contains("<th class=\"num\">Client CPU %</th>"), "load-point table");
        assertTrue(html.contains("<th class=\"num\">Host CPU busy %</th>"), "client table");
        assertTrue(html.contains("<td>Client CPU at the peak point</td>"), "run table");
        assertTrue(html.contains("<td class=\"num\">" + p.cpu.hostBusyPercent.toPlainString() + "</td>"), "a value");
    }

    @Test
    void accessCsvFillsIometersCpuColumns() {
        AccessTest test = new AccessTest("built-in", List.of(BuiltinSpecs.named("OLTP")), List.of(4), List.of(Active.workers(1)), 1, 10,
                1 << 20, 0, false, false);
        LoadPointResult p = GuideSampleRun.build("acc").loadPoints().get(0)
                .with(b -> b.cpu = new CpuResult(40, 30, 10, 2, 55, 12.5));
        AccessStepResult r = AccessStepResult.of(test.step(1), 1, p);
        String csv = AccessReport.csv(test, List.of(r));
        String[] lines = csv.split("\n");
        List<String> header = List.of(lines[2].split(","));
        List<String> row = List.of(lines[3].split(",", -1));
        assertEquals(header.size(), row.size(), "one value per column");
        assertEquals("40.000000", row.get(header.indexOf("% CPU Utilization")));
        assertEquals("30.000000", row.get(header.indexOf("% User Time")));
        assertEquals("10.000000", row.get(header.indexOf("% Privileged Time")));
        assertEquals("", row.get(header.indexOf("% DPC Time")), "Linux has no DPCs");
        assertEquals(r.iops() / 40, Double.parseDouble(row.get(header.indexOf("CPU Effectiveness"))), 1e-6);
        assertTrue(AccessReport.table(List.of(r)).matches("(?s).*  40\\.0\n.*"), AccessReport.table(List.of(r)));
    }
}
