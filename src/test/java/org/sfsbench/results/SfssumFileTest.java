package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.results.model.LoadPointResult;

class SfssumFileTest {
    /** The guide's section 4.4 sample, as printed (the document indents it by 7 columns). */
    static Path guideSample() throws URISyntaxException {
        return Path.of(SfssumFileTest.class.getResource("sfssum.guide-sample").toURI());
    }

    static final int GUIDE_INDENT = 7;

    @Test
    void formatsARowInTheGuidesColumns() {
        LoadPointResult.Builder p = Fixtures.point(1, 320, 320.6, 1.54).toBuilder();
        p.totalOps = 96187;
        p.seconds = 299.4;
        p.protocol = "CIFS";
        p.filesetKb = 37764720;
        p.loadGenerators = 4;
        p.procsPerGenerator = 10;
        assertEquals("     320     321     1.5    96187  299 CIFS T 4   37764720   4 10  2  2 2008",
                SfssumFile.format(SfssumRow.of(p.build())));
    }

    @Test
    void everyGuideRowIsReproducedByTheWriterFormat() throws Exception {
        List<String> lines = Files.readAllLines(guideSample());
        List<SfssumRow> rows = SfssumFile.read(guideSample());
        assertEquals(10, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(lines.get(i).substring(GUIDE_INDENT), SfssumFile.format(rows.get(i)), "row " + (i + 1));
        }
    }

    @Test
    void readsTheGuideSample() throws Exception {
        List<SfssumRow> rows = SfssumFile.read(guideSample());
        SfssumRow first = rows.get(0);
        assertEquals(320, first.requested());
        assertEquals(321, first.achieved());
        assertEquals(1.5, first.msecPerOp(), 0);
        assertEquals(96187, first.totalOps());
        assertEquals(299, first.seconds());
        assertEquals("CIFS", first.protocol());
        assertEquals("T", first.network());
        assertEquals(4, first.ipVersion());
        assertEquals(37764720, first.filesetKb());
        assertEquals(4, first.loadGenerators());
        assertEquals(10, first.procsPerGenerator());
        assertEquals(2, first.biodWrites());
        assertEquals(2, first.biodReads());
        assertEquals("2008", first.release());
        SfssumRow last = rows.get(9);
        assertEquals(3200, last.requested());
        assertEquals(3011, last.achieved());
        assertEquals(11.3, last.msecPerOp(), 0);
        assertEquals(901761, last.totalOps());
        assertEquals(390136320, last.filesetKb());
    }

    @Test
    void toleratesNoBreakSpacesAndBlankLines(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfssum.nbsp");
        Files.writeString(f, "\n\u00a0\u00a0  640\u00a0\u00a0 640\u00a0 1.8\u00a0 192114\u00a0 300 CIFS T 4\u00a0 75529440"
                + "\u00a0\u00a0 4 10\u00a0 2\u00a0 2 2008\n\n", StandardCharsets.UTF_8);
        List<SfssumRow> rows = SfssumFile.read(f);
        assertEquals(1, rows.size());
        assertEquals(192114, rows.get(0).totalOps());
    }

    @Test
    void malformedRowNamesFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfssum.bad");
        Files.writeString(f, "     320     321     1.5    96187  299 CIFS T 4   37764720   4 10  2  2 2008\n"
                + "     640     640     x.8   192114  300 CIFS T 4   75529440   4 10  2  2 2008\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SfssumFile.read(f));
        assertTrue(e.getMessage().contains("sfssum.bad:2"), e.getMessage());
        assertTrue(e.getMessage().contains("column 3 (msec/op) is not a finite decimal number (the line is not shown"), e.getMessage());
        Files.writeString(f, "320 321 1.5\n");
        e = assertThrows(IllegalArgumentException.class, () -> SfssumFile.read(f));
        assertTrue(e.getMessage().contains("sfssum.bad:1: not an sfssum row: 3 fields, expected 14"), e.getMessage());
    }

    @Test
    void writerAppendsOneRowPerPointAndKeepsThem(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfssum.run");
        {
            SfssumWriter w = SfssumWriter.create(f);
            w.write(Fixtures.point(1, 100, 99.6, 1.25));
            // a finished row is on disk before the writer is closed
            assertEquals(1, SfssumFile.read(f).size());
            w.write(Fixtures.point(2, 200, 200.4, 2.35));
        }
        {
            SfssumWriter w = SfssumWriter.append(f);
            w.write(Fixtures.point(3, 300, 301, 19.96));
        }
        List<SfssumRow> rows = SfssumFile.read(f);
        assertEquals(3, rows.size());
        assertEquals(100, rows.get(0).achieved());
        assertEquals(1.3, rows.get(0).msecPerOp(), 0);
        assertEquals(200, rows.get(1).achieved());
        assertEquals("     300     301    20.0    90300  300 NFS3 T 4          0   1 10  2  2 2008",
                Files.readAllLines(f).get(2));
        {
            SfssumWriter w = SfssumWriter.create(f);
            w.write(Fixtures.point(1, 100, 100, 1));
        }
        assertEquals(1, SfssumFile.read(f).size());
    }

    /** A point with failed ops gets a '#' note under its row; the rows keep 14 columns and read back. */
    @Test
    void pointsWithFailedOpsAreMarkedAndStillRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("sfssum.marks");
        {
            SfssumWriter w = SfssumWriter.create(f);
            w.write(Fixtures.point(1, 100, 100, 1));
            w.write(Fixtures.point(2, 200, 200, 2).with(p -> p.failedOps = 120));
        }
        java.util.List<String> lines = Files.readAllLines(f);
        assertEquals(3, lines.size(), lines.toString());
        assertEquals("# load point 2: 120 of 60000 ops failed (0.20%); see sfsres", lines.get(2));
        assertEquals(14, lines.get(1).strip().split("\\s+").length);
        assertEquals(2, SfssumFile.read(f).size());
    }
}
