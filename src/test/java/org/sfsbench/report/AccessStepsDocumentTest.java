package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.model.AccessStepIdentity;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/** Each access step in the XML and JSON says which step it is, and carries no SFS-only column. */
class AccessStepsDocumentTest {
    private static final String[] SPECS = {"File Server", "OLTP"};
    private static final int[] DEPTHS = {1, 4, 16};

    private static RunResult accessRun() {
        RunResult.Builder r = GuideSampleRun.build("acc").toBuilder();
        r.workload = "access";
        List<LoadPointResult> points = new ArrayList<>();
        int i = 0;
        for (String spec : SPECS) {
            for (int depth : DEPTHS) {
                LoadPointResult p = r.loadPoints.get(i % r.loadPoints.size());
                int index = ++i;
                points.add(p.with(b -> {
                    b.index = index;
                    b.access = new AccessStepIdentity(spec, depth, 2);
                }));
            }
        }
        r.loadPoints.clear();
        r.loadPoints.addAll(points);
        return r.build();
    }

    @Test
    void xmlAndJsonNameEveryStepAndReadItBack(@TempDir Path dir) throws Exception {
        ResultPublisher.Published out = ResultPublisher.writeAll(accessRun(), dir, "acc");
        String xml = Files.readString(out.xml());
        List<String> steps = new ArrayList<>();
        Matcher m = Pattern.compile("<loadPoint [^>]*>\\s*<access spec=\"([^\"]+)\" outstandingIos=\"(\\d+)\""
                + " workers=\"2\"/>").matcher(xml);
        while (m.find()) {
            steps.add(m.group(1) + "@" + m.group(2));
        }
        assertEquals(List.of("File Server@1", "File Server@4", "File Server@16", "OLTP@1", "OLTP@4", "OLTP@16"), steps);
        assertFalse(xml.contains("biodMaxWrites") || xml.contains("biodMaxReads"), "SFS-only attributes on access steps");
        assertFalse(Pattern.compile("<loadPoint [^>]*version=").matcher(xml).find(), "release column on access steps");

        String json = Files.readString(out.json());
        Matcher j = Pattern.compile("\"access\" ?: ?\\{\\s*\"spec\" ?: ?\"([^\"]+)\",\\s*\"outstandingIos\" ?: ?(\\d+),"
                + "\\s*\"workers\" ?: ?2\\s*}").matcher(json);
        int found = 0;
        while (j.find()) {
            found++;
        }
        assertEquals(6, found, json);
        assertFalse(json.contains("biodMax"), "SFS-only attributes in the JSON of access steps");

        RunResult back = ResultMapping.toRunResult(ResultXml.read(out.xml()));
        assertEquals(new AccessStepIdentity("OLTP", 16, 2), back.loadPoints().get(5).access());
        assertEquals(new AccessStepIdentity("File Server", 1, 2), back.loadPoints().get(0).access());
    }

    @Test
    void sfsPointsKeepTheirSfssumColumnsAndNoAccessIdentity(@TempDir Path dir) throws Exception {
        String xml = Files.readString(ReportFixtures.publishGuideRun(dir, "g").xml());
        assertTrue(xml.contains("biodMaxWrites=\"2\"") && xml.contains("version=\"2008\""), xml);
        assertFalse(xml.contains("<access "), xml);
    }
}
