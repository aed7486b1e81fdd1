package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private Path guideSfssum() throws Exception {
        Path f = dir.resolve("sfssum.guide44");
        try (InputStream in = getClass().getResourceAsStream("/org/sfsbench/report/sfssum.guide44")) {
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void specSfssumFromTheGuidePrintsTableAndMetrics() throws Exception {
        Path sfssum = guideSfssum();
        Path web = dir.resolve("web");
        assertEquals(0, run("report", sfssum.toString(), "-d", web.toString()), err.toString());
        String text = out.toString();
        assertTrue(text.contains("     320     321     1.5    96187  299 CIFS T 4   37764720   4 10  2  2 2008\n"),
                text);
        assertTrue(text.contains("    3200    3011    11.3   901761  299 CIFS T 4  390136320   4 10  2  2 2008\n"),
                text);
        // trapezoids from the origin over the printed columns: 10065.4 ms*ops/s / 3011 = 3.3428
        assertTrue(text.contains("Peak throughput:        3011 ops/sec\n"), text);
        assertTrue(text.contains("Overall response time:  3.34 msec\n"), text);
        assertTrue(text.contains("Disclosable: NO"), text);
        Path html = web.resolve("report.guide44.html");
        String page = Files.readString(html);
        assertEquals(10, page.split("class=\"lp-point\"", -1).length - 1);
        assertTrue(page.contains("CIFS 3011 ops/sec (Overall Response Time = 3.34 msec)"));
    }

    @Test
    void resultXmlGivesTextWithOpsAndHtmlBesideIt() throws Exception {
        Path xml = org.sfsbench.report.ReportFixtures.publishGuideRun(dir, "full").xml();
        Files.delete(dir.resolve("report.full.html"));
        assertEquals(0, run("report", xml.toString()), err.toString());
        String text = out.toString();
        assertTrue(text.contains("CIFS 3011 ops/sec (Overall Response Time = 3.33 msec)"), text);
        assertTrue(text.contains("Operations at load point 10 (3011 ops/sec):"), text);
        // the mix and the response times are two tables, each under 80 columns
        assertTrue(text.matches("(?s).*\nREAD_ANDX\\s+188468\\s+0\\s+20\\.50\\s+20\\.90\\s+\\d+\\.\\d{3}\n.*"), text);
        assertTrue(text.matches("(?s).*\nREAD_ANDX\\s+15\\.820\\s.*"), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 80), text);
        assertTrue(Files.isRegularFile(dir.resolve("report.full.html")));
    }

    @Test
    void badInputIsRefusedWithFileAndLine() throws Exception {
        Path bad = dir.resolve("sfssum.bad");
        Files.writeString(bad, "     320     321     1.5    96187  299 CIFS T 4   37764720   4 10  2  2 2008\n"
                + "     640     fast     1.8   192114  300 CIFS T 4   75529440   4 10  2  2 2008\n");
        assertEquals(1, run("report", bad.toString()));
        assertTrue(err.toString().contains(bad + ":2: column 2 (achieved ops/s) is not a whole number (the line is not shown"), err.toString());
        assertEquals(1, run("report", dir.resolve("missing.xml").toString()));
        assertTrue(err.toString().contains("missing.xml: no such file"), err.toString());
    }

    @Test
    void aSuffixLeadingOutOfTheOutputFolderIsRefused() throws Exception {
        Path xml = org.sfsbench.report.ReportFixtures.publishGuideRun(dir, "full").xml();
        Path evil = dir.resolve("evil.xml");
        Files.writeString(evil, Files.readString(xml).replace("suffix=\"full\"", "suffix=\"../../escaped\""));
        Path out = Files.createDirectories(dir.resolve("a/b/out"));
        assertEquals(1, run("report", evil.toString(), "-d", out.toString()), err.toString());
        assertTrue(err.toString().contains(evil.toString()), err.toString());
        assertTrue(!Files.exists(dir.resolve("a/report.escaped.html")) && !Files.exists(dir.resolve("report..html")),
                "nothing written outside -d");
        try (var files = Files.list(out)) {
            assertEquals(0, files.count(), "nothing written for a refused input");
        }
    }

    @Test
    void oversizedInputIsRefusedBeforeItIsParsed() throws Exception {
        Path big = dir.resolve("sfssum.big");
        String row = "     320     321     1.5    96187  299 CIFS T 4   37764720   4 10  2  2 2008\n";
        Files.writeString(big, row.repeat((1 << 20) / row.length() + 1));
        long t0 = System.nanoTime();
        assertEquals(1, run("report", big.toString()));
        assertTrue(err.toString().contains(big + ": " + Files.size(big) + " bytes; sfsbench reads at most 1048576 bytes"
                + " of an sfssum file"), err.toString());
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "refused at once");
    }
}
