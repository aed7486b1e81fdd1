package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricCommandTest {

    private static String[] run(String... args) {
        CliRun r = CliRun.of(args);
        return new String[] {Integer.toString(r.status()), r.out(), r.err()};
    }

    @Test
    void guideSampleGivesThePublishedStyleMetric() throws Exception {
        Path sample = Path.of(MetricCommandTest.class.getResource("/org/sfsbench/results/sfssum.guide-sample").toURI());
        String[] r = run("metric", sample.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains(": 10 load points\n"), r[1]);
        assertTrue(r[1].contains("  CIFS 3011 ops/sec (Overall Response Time = 3.34 msec)\n"), r[1]);
        assertTrue(r[1].contains("  peak at point 10 (11.3 msec/op); without the origin: 3.65 msec\n"), r[1]);
    }

    @Test
    void pointsOffTheCurveAreNamedAndBadRowsRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfssum.x");
        Files.writeString(f, "     100     100     2.0    30000  300 NFS3 T 4      1000   1 10  2  2 2008\n"
                + "     200     190    25.0    57000  300 NFS3 T 4      1000   1 10  2  2 2008\n");
        String[] r = run("metric", f.toString());
        assertEquals("0", r[0], r[2]);
        // one point (100, 2.0): area 100, ORT 1.00
        assertTrue(r[1].contains("  NFS3 100 ops/sec (Overall Response Time = 1.00 msec)\n"), r[1]);
        assertTrue(r[1].contains("  point 2 (190 ops/s, 25.0 msec/op) is not on the curve\n"), r[1]);
        Files.writeString(f, "100 100 2.0\n");
        r = run("metric", f.toString());
        assertEquals("1", r[0]);
        assertTrue(r[2].contains("sfssum.x:1: not an sfssum row: 3 fields, expected 14"), r[2]);
    }

    @Test
    void aResultDocumentGivesTheSameMetricAndFoldersAndMissingFilesAreTreatedAsReportTreatsThem(@TempDir Path dir)
            throws Exception {
        Path xml = org.sfsbench.report.ReportFixtures.publishGuideRun(dir, "m").xml();
        String[] r = run("metric", xml.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("  CIFS 3011 ops/sec (Overall Response Time = 3.34 msec)\n"), r[1]);
        r = run("metric", dir.toString());
        assertEquals(Integer.toString(ExitCodes.USAGE), r[0]);
        assertTrue(r[2].contains("is a folder; its latest run is " + xml + ":\n  sfs metric " + xml), r[2]);
        r = run("metric", dir.resolve("gone.xml").toString());
        assertEquals(Integer.toString(ExitCodes.FAILED), r[0]);
        assertTrue(r[2].contains("gone.xml: no such file"), r[2]);
    }
}
