package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.report.xml.XmlFormatException;
import org.sfsbench.results.SfssumFile;
import org.sfsbench.results.SfssumRow;
import org.sfsbench.results.SfssumWriter;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;

class ResultFilesIT {
    @TempDir
    Path dir;

    @Test
    void publishedXmlValidatesWithJdkAndXmllint() throws Exception {
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("guide"), dir, "guide");
        assertEquals("sfsresult.guide.xml", p.xml().getFileName().toString());
        assertEquals("sfsresult.guide.json", p.json().getFileName().toString());
        assertEquals("report.guide.html", p.html().getFileName().toString());
        Path xsd = Sfs.home().resolve("docs/sfsresult.xsd");
        XmlLint.validateWithJdk(p.xml(), xsd);
        XmlLint.validateWithXmllint(p.xml(), xsd);
    }

    @Test
    void shippedSchemaEqualsDocsSchema() throws Exception {
        byte[] docs = Files.readAllBytes(Sfs.home().resolve("docs/sfsresult.xsd"));
        try (InputStream in = getClass().getResourceAsStream("/org/sfsbench/report/sfsresult.xsd")) {
            assertArrayEquals(docs, in.readAllBytes(), "docs/sfsresult.xsd differs from the jar's copy");
        }
    }

    @Test
    void xmlAndJsonCarrySfssumDigits() throws Exception {
        RunResult run = GuideSampleRun.build("digits");
        ResultPublisher.Published p = ResultPublisher.writeAll(run, dir, "digits");
        Path sfssum = dir.resolve("sfssum.digits");
        {
            SfssumWriter w = SfssumWriter.create(sfssum);
            for (LoadPointResult lp : run.loadPoints()) {
                w.write(lp);
            }
        }
        List<String> lines = Files.readAllLines(sfssum);
        List<SfssumRow> rows = SfssumFile.read(sfssum);
        ResultDocument xml = ResultXml.read(p.xml());
        JsonNode json = ResultJson.mapper().readTree(p.json().toFile());
        assertEquals(10, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            String[] printed = lines.get(i).strip().split("\\s+");
            // the guide's own printed row: our rounding reproduces it digit for digit
            assertEquals(GuideSampleRun.PRINTED[i], String.join(" ", printed));
            LoadPointXml x = xml.loadPoints.get(i);
            JsonNode j = json.get("loadPoints").get(i);
            String[] fromXml = {Long.toString(x.requestedOpsPerSec), x.achievedOpsPerSec.toPlainString(),
                x.msecPerOp.toPlainString(), Long.toString(x.totalOps), Long.toString(x.seconds), x.protocol,
                x.transport, Integer.toString(x.ipVersion), Long.toString(x.fileSetKB), Integer.toString(x.clients),
                Integer.toString(x.procsPerClient), Integer.toString(x.biodMaxWrites),
                Integer.toString(x.biodMaxReads), x.version};
            assertArrayEquals(printed, fromXml, "load point " + (i + 1) + " XML vs sfssum");
            String[] fromJson = {j.get("requestedOpsPerSec").asText(), j.get("achievedOpsPerSec").asText(),
                j.get("msecPerOp").asText(), j.get("totalOps").asText(), j.get("seconds").asText(),
                j.get("protocol").asText(), j.get("transport").asText(), j.get("ipVersion").asText(),
                j.get("fileSetKB").asText(), j.get("clients").asText(), j.get("procsPerClient").asText(),
                j.get("biodMaxWrites").asText(), j.get("biodMaxReads").asText(), j.get("version").asText()};
            assertArrayEquals(printed, fromJson, "load point " + (i + 1) + " JSON vs sfssum");
        }
        // peak = the best point at or below 20 ms; ORT = area from the origin / peak (unrounded data: 3.3254)
        assertEquals(new BigDecimal("3011"), xml.metrics.peakThroughputOpsPerSec);
        assertEquals(new BigDecimal("3.33"), xml.metrics.overallResponseTimeMsec);
        assertEquals("3011", json.get("metrics").get("peakThroughputOpsPerSec").asText());
        assertEquals("3.33", json.get("metrics").get("overallResponseTimeMsec").asText());
    }

    @Test
    void jsonIsValidAndHasTheXmlContent() throws Exception {
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("json"), dir, "json");
        JsonNode tree = ResultJson.mapper().readTree(p.json().toFile());
        assertEquals(1, tree.get("schemaVersion").asInt());
        assertEquals(10, tree.get("loadPoints").size());
        assertEquals(13, tree.get("loadPoints").get(0).get("ops").size());
        ResultDocument fromJson = ResultJson.read(p.json());
        ResultDocument fromXml = ResultXml.read(p.xml());
        assertEquals(ResultJson.toJson(fromXml), ResultJson.toJson(fromJson));
        assertFalse(Files.exists(dir.resolve("sfsresult.json.json.tmp")));
    }

    @Test
    void wholeRunIsRecordedAndPasswordMasked() throws Exception {
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("whole"), dir, "whole");
        String text = Files.readString(p.xml(), StandardCharsets.UTF_8);
        assertFalse(text.contains("CIFSpass"), "password leaked into the XML");
        assertFalse(Files.readString(p.json()).contains("CIFSpass"), "password leaked into the JSON");
        assertFalse(Files.readString(p.html()).contains("CIFSpass"), "password leaked into the HTML");
        assertTrue(text.contains("<setting name=\"PASSWORD\" value=\"********\"/>"), text);
        ResultDocument d = ResultXml.read(p.xml());
        assertEquals("CIFS", d.run.protocol);
        assertEquals(4, d.clients.size());
        assertEquals("client3.example", d.clients.get(2).name);
        assertEquals(40, d.plan.totalProcs);
        assertEquals(300L, d.plan.runSeconds);
        assertEquals(80L, d.plan.points.get(9).perProcOpsPerSec);
        LoadPointXml last = d.loadPoints.get(9);
        assertEquals(12, last.failedOps);
        assertEquals(1, last.errors.size());
        assertEquals(0xC0000034, last.errors.get(0).status);
        assertEquals(4, last.clientThroughput.size());
        assertEquals(3, last.intervals.size());
        OpXml read = last.ops.get(3);
        assertEquals("READ_ANDX", read.name);
        assertEquals(new BigDecimal("20.50"), read.targetPercent);
        assertEquals(new BigDecimal("20.90"), read.achievedPercent);
        // msec/op 11.3 -> READ_ANDX at 0.5 + 3 * 0.3 = 1.4 x: 15.82 ms mean, p99 = 4.2 x mean
        assertEquals(new BigDecimal("15.820"), read.latency.meanMsec);
        assertEquals(new BigDecimal("66.444"), read.latency.p99Msec);
        assertFalse(d.disclosability.disclosable);
        assertEquals(1, d.disclosability.reasons.size());
        assertEquals(2, d.disclosability.rules.size());
    }

    @Test
    void readBackGivesTheSameDocument() throws Exception {
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("round"), dir, "round");
        ResultDocument first = ResultXml.read(p.xml());
        RunResult again = ResultMapping.toRunResult(first);
        assertEquals(3011, again.loadPoints().get(9).achievedOpsPerSec());
        ResultDocument second = ResultMapping.toDocument(again);
        assertEquals(ResultJson.toJson(first), ResultJson.toJson(second));
    }

    @Test
    void oddTimestampsAndNamesNeverMakeTheFileInvalid() throws Exception {
        RunResult.Builder run = GuideSampleRun.build("odd").toBuilder();
        run.startTime = "Sat Jan 20 12:48:42 MST 2007";
        LoadPointResult.Builder first = run.loadPoints.get(0).toBuilder();
        first.endTime = "later";
        first.ops.set(0, first.ops.get(0).with(o -> o.name = null));
        run.loadPoints.set(0, first.build());
        run.notes.add("bell\u0007 in a note");
        ResultPublisher.Published p = ResultPublisher.writeAll(run.build(), dir, "odd");
        XmlLint.validateWithXmllint(p.xml(), Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument d = ResultXml.read(p.xml());
        assertEquals(null, d.run.startTime);
        assertEquals("2007-01-20T21:38:42Z", d.run.endTime);
        assertEquals("op24", d.loadPoints.get(0).ops.get(0).name);
        assertEquals("bell\uFFFD in a note", d.notes.get(1));
    }

    @Test
    void schemaViolationStillLeavesJsonAndHtml() throws Exception {
        RunResult.Builder edit = GuideSampleRun.build("neg").toBuilder();
        edit.loadPoints.set(2, edit.loadPoints.get(2).with(p -> p.p99Ms = -1.5));
        RunResult run = edit.build();
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> ResultPublisher.writeAll(run, dir, "neg"));
        assertTrue(e.getMessage().contains("sfsresult.neg.xml not written") && e.getMessage().contains("-1.500"),
                e.getMessage());
        assertFalse(Files.exists(dir.resolve("sfsresult.neg.xml")));
        assertTrue(Files.exists(dir.resolve("sfsresult.neg.json")) && Files.exists(dir.resolve("report.neg.html")));
        assertFalse(Files.exists(dir.resolve("sfsresult.neg.xml.tmp")));
    }

    @Test
    void invalidFileIsRefusedWithLineNumber() throws Exception {
        ResultPublisher.Published p = ResultPublisher.writeAll(GuideSampleRun.build("bad"), dir, "bad");
        String text = Files.readString(p.xml()).replace("msecPerOp=\"11.3\"", "msecPerOp=\"fast\"");
        Path bad = dir.resolve("broken.xml");
        Files.writeString(bad, text);
        XmlFormatException e = assertThrows(XmlFormatException.class, () -> ResultXml.read(bad));
        assertTrue(e.getMessage().contains("broken.xml") && e.getMessage().contains("line "), e.getMessage());
        assertTrue(e.getMessage().contains("fast"), e.getMessage());
    }
}
