package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.SloTable;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;

/** Why a probe's extra windows were measured survives XML and JSON, and the text table names it. */
class SloExtraWindowsTest {
    @Test
    void theReasonsRoundTripAndLabelTheProbes(@TempDir Path dir) throws Exception {
        SloProbeResult stall = probe(1, 2, List.of(SloProbeResult.STALL));
        SloProbeResult samples = probe(2, 3, List.of(SloProbeResult.SAMPLES, SloProbeResult.SAMPLES));
        SloProbeResult one = probe(3, 1, List.of());
        RunResult.Builder r = GuideSampleRun.build("slo").toBuilder();
        r.slo = new SloResult("p99 <= 1 ms", 5, 1, 10_000, 9000, 1, "met", 4500, 4500, 9000,
                List.of(stall, samples, one));
        ResultPublisher.Published pub = ResultPublisher.writeAll(r.build(), dir, "slo");
        assertTrue(Files.readString(pub.xml()).contains("extraWindows=\"samples samples\""), "an XML list");
        for (ResultDocument d : List.of(ResultXml.read(pub.xml()), ResultJson.read(pub.json()))) {
            assertEquals(List.of("stall"), d.slo.probes.get(0).extraWindows);
            assertEquals(List.of("samples", "samples"), d.slo.probes.get(1).extraWindows);
            assertNull(d.slo.probes.get(2).extraWindows, "absent for one window");
            SloResult back = SloMapping.toModel(d.slo);
            assertEquals("re-measured (suspected stall)", back.probes().get(0).extraWindowsText());
            assertEquals("lengthened for samples", back.probes().get(1).extraWindowsText());
            assertEquals("", back.probes().get(2).extraWindowsText());
        }
        String text = String.join("\n", SloTable.lines(r.build().slo()));
        assertTrue(text.contains("probe 1: 2 windows: re-measured (suspected stall)"), text);
        assertTrue(text.contains("probe 2: 3 windows: lengthened for samples"), text);
        assertEquals("2 windows (why not recorded)", SloProbeResult.extraWindowsText(2, null),
                "a document without the attribute");
    }

    private static SloProbeResult probe(int n, int windows, List<String> extra) {
        return new SloProbeResult(n, "bisect", 4500, 4490, 4 * windows, windows, extra, 40_000, 10_000, 0.2, 0.2, 0.3,
                0.4, 0.6, List.of(0.4), 0, "pass", "");
    }
}
