package org.sfsbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.cli.Main;
import org.sfsbench.report.ResultPublisher;
import org.sfsbench.results.model.RunResult;
import picocli.CommandLine;

/** {@code sfs compare} on published files: its table, its JSON and every exit status. */
class CompareCommandTest {
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

    private Path publish(String suffix, double ops, String readShare, long seed) throws Exception {
        RunResult r = SyntheticRuns.run(suffix, new Random(seed), ops, 2.0 * 1000 / ops, 30, 0.3, 20, readShare)
                .with(b -> {
                    b.toolVersion = "0.1.0";
                    b.startTime = "2026-01-01T00:00:00Z";
                    b.endTime = "2026-01-01T00:01:00Z";
                });
        return ResultPublisher.writeAll(r, dir.resolve("results"), suffix).xml();
    }

    @Test
    void exitStatusesOfTheGate() throws Exception {
        Path base = publish("base", 1000, "18", 1);
        Path same = publish("same", 1000, "18", 2);
        Path slow = publish("slow", 800, "18", 3);
        Path mix = publish("mix", 1000, "25", 4);
        String gate = "ops/s < -5% or p99 > +10%";

        assertEquals(0, run("compare", base.toString(), same.toString(), "--fail-if", gate), err.toString());
        assertTrue(out.toString().contains("within noise"), out.toString());

        assertEquals(4, run("compare", base.toString(), slow.toString(), "--fail-if", gate), err.toString());
        assertTrue(err.toString().contains("regression gate \"" + gate + "\" tripped:"), err.toString());
        assertTrue(err.toString().contains("slow, load 1000: ops/s -") && err.toString().contains("(slower, p = "),
                err.toString());

        assertEquals(5, run("compare", base.toString(), mix.toString()));
        assertTrue(err.toString().contains("base vs mix: op mix: READ 18.0 % vs 25.0 %"), err.toString());
        assertEquals(0, run("compare", base.toString(), mix.toString(), "--force"), err.toString());

        assertEquals(2, run("compare", base.toString(), slow.toString(), "--fail-if", "ops/s dropped"));
        assertEquals(2, run("compare", base.toString()));
        assertEquals(1, run("compare", base.toString(), dir.resolve("nope.xml").toString()));
        assertTrue(err.toString().contains("nope.xml: no such file"), err.toString());
        assertTrue(Main.commandLine().getSubcommands().get("compare").getUsageMessage()
                .contains("compare --fail-if: a change passed the threshold and the noise"));
    }

    @Test
    void jsonAndHtmlForThreeRuns() throws Exception {
        Path base = publish("base", 1000, "18", 1);
        Path slow = publish("slow", 800, "18", 3);
        Path same = publish("same", 1000, "18", 2);
        Path html = dir.resolve("cmp.html");
        assertEquals(0, run("compare", base.toString(), slow.toString(), same.toString(), "--json", "--html",
                html.toString()), err.toString());
        com.fasterxml.jackson.databind.JsonNode root = org.sfsbench.report.xml.ResultJson.mapper().readTree(out.toString());
        assertEquals("base", root.get("baseline").asText());
        assertEquals(2 * 4, root.get("findings").size(),
                "ops/s, MB/s, mean and p99 of one point for two compared runs (the synthetic runs have no CPU)");
        String page = Files.readString(html);
        assertEquals(2 * 3, page.split("class=\"" + CompareHtml.POINT_CLASS + "\"", -1).length - 1,
                "one marker per run on each of the two curves");
        assertTrue(page.contains("<tr class=\"slower\">"), "slower figures are marked");
    }

    /**
     * Two sfssum files: the SPECsfs2008 User's Guide's own sample run (section 4.4) and the same
     * server 10 % slower, which no requested load shares with it: points are paired by position,
     * the table says what an sfssum lacks, and no verdict is claimed without a noise estimate.
     */
    @Test
    void sfssumFilesGetChangesButNoVerdict() throws Exception {
        Path guide = dir.resolve("sfssum.guide44");
        try (InputStream in = getClass().getResourceAsStream("/org/sfsbench/report/sfssum.guide44")) {
            Files.copy(in, guide);
        }
        StringBuilder slower = new StringBuilder();
        for (String line : Files.readAllLines(guide)) {
            String[] c = line.replace('\u00a0', ' ').trim().split("\\s+");
            c[0] = Long.toString(Long.parseLong(c[0]) + 5);
            c[1] = Long.toString(Math.round(Long.parseLong(c[1]) * 0.9));
            slower.append(String.join(" ", c)).append('\n');
        }
        Path other = dir.resolve("sfssum.other");
        Files.writeString(other, slower);
        assertEquals(0, run("compare", guide.toString(), other.toString()), err.toString());
        String text = out.toString();
        assertTrue(text.contains("Note: no requested load or step in common: points are paired by their"), text);
        assertTrue(text.contains("Note: guide44, other: an sfssum file has only requested and achieved"), text);
        assertTrue(Pattern.compile("(?m)^guide44 +3011 +3\\.34 +10$").matcher(text).find(), "the runs' headlines:\n" + text);
        assertTrue(Pattern.compile("(?m)^other +2710 +3\\.34 +10$").matcher(text).find(), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 80), text);
        assertTrue(text.contains("-10.0 %") && text.contains("no noise estimate"), text);
        assertTrue(!text.contains(" slower ") && !text.contains(" faster "), text);
    }
}
