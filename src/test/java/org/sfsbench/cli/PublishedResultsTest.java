package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Published SPECsfs2008 results (src/test/resources/published, README there names each source):
 * sfs metric gives their published figures, sfs compare compares two servers' curves.
 */
class PublishedResultsTest {
    private static final String FAS3140 = "nfs-netapp-fas3140-sata-pam";
    private static final String FAS3160 = "nfs-netapp-fas3160-fcal-pam";

    private static Path published(String name) throws Exception {
        return Path.of(PublishedResultsTest.class.getResource("/published/sfssum." + name).toURI());
    }

    private static String[] run(String... args) {
        CliRun r = CliRun.of(args);
        return new String[] {Integer.toString(r.status()), r.out(), r.err()};
    }

    @Test
    void metricGivesEachPublishedPeakAndOverallResponseTime() throws Exception {
        String[][] expected = {
            {FAS3140, "  NFS3 40011 ops/sec (Overall Response Time = 2.75 msec)\n"},
            {FAS3160, "  NFS3 60507 ops/sec (Overall Response Time = 1.58 msec)\n"},
            {"cifs-netapp-fas3140-sata-flash", "  CIFS 53546 ops/sec (Overall Response Time = 1.48 msec)\n"},
        };
        for (String[] e : expected) {
            String[] r = run("metric", published(e[0]).toString());
            assertEquals("0", r[0], r[2]);
            assertTrue(r[1].contains(": 10 load points\n"), r[1]);
            assertTrue(r[1].contains(e[1]), e[0] + ": " + r[1]);
        }
    }

    @Test
    void twoServersCurvesAreComparedPointByPoint() throws Exception {
        String[] r = run("compare", published(FAS3140).toString(), published(FAS3160).toString());
        assertEquals("0", r[0], r[2] + r[1]);
        assertTrue(r[1].contains("points are paired by their position"), r[1]);
        assertTrue(r[1].matches("(?s).*\\n" + FAS3140 + " +40011 +2\\.75 +10\\n.*"), r[1]);
        assertTrue(r[1].matches("(?s).*\\n" + FAS3160 + " +60507 +1\\.58 +10\\n.*"), r[1]);
        // point 1: 4000 vs 6006 ops/s (+50.1 %); point 10: 10.0 vs 3.5 msec/op (-65.0 %)
        assertTrue(r[1].matches("(?s).*\\npoint 1 +ops/s +4000\\.0 +6006\\.0\\n.*"), r[1]);
        assertTrue(r[1].matches("(?s).*\\n +mean ms +10\\.000 +3\\.500\\n.*"), r[1]);
        assertTrue(r[1].matches("(?s).*\\npoint 1 +\\+50\\.1 % +no noise estimate.*"), r[1]);
        assertTrue(r[1].matches("(?s).*\\n +-65\\.0 % +no noise estimate +-\\n(?!.*\\n +-65\\.0 %).*"), r[1]);
    }

    @Test
    void aFileSetThatDoesNotFollowTheRequestedLoadIsStillRefused(@TempDir Path dir) throws Exception {
        // the same curve with twice the file set per requested op/s: another experiment
        List<String> rows = Files.readAllLines(published(FAS3160));
        String doubled = rows.stream().map(PublishedResultsTest::doubleFileset).collect(Collectors.joining("\n", "", "\n"));
        Path other = dir.resolve("sfssum.big-fileset");
        Files.writeString(other, doubled);
        String[] r = run("compare", published(FAS3140).toString(), other.toString());
        assertEquals("5", r[0], r[1] + r[2]);
        assertTrue(r[2].contains(FAS3140 + " vs big-fileset: point 1: file set 122880 KB vs 245760 KB per requested"
                + " op/s"), r[2]);
        // at equal requested loads the file sets themselves must agree
        Path same = dir.resolve("sfssum.same-loads");
        Files.writeString(same, Files.readAllLines(published(FAS3140)).stream().map(PublishedResultsTest::doubleFileset)
                .collect(Collectors.joining("\n", "", "\n")));
        r = run("compare", published(FAS3140).toString(), same.toString());
        assertEquals("5", r[0], r[1] + r[2]);
        assertTrue(r[2].contains("load 4000: file set 491520000 KB vs 983040000 KB"), r[2]);
    }

    private static String doubleFileset(String row) {
        String[] f = row.trim().split("\\s+");
        f[8] = Long.toString(2 * Long.parseLong(f[8]));
        return String.join(" ", f);
    }
}
