package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcParser;
import org.sfsbench.report.ReportFixtures;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;

/**
 * What {@code sfs plan} and {@code sfs report} print fits 80 columns: the plan of every rc template
 * shipped in templates/, and the text report of real runs (a paced posix run, a LOAD=max run with
 * its steps, an access run; their sfsresult XML is kept under test resources) and of the guide's
 * CIFS run. Prose is reflowed, never cut: the plan at 80 columns has the same words, in the same
 * order, as the plan printed without a width limit.
 */
class ConsoleTextWidthTest {
    @TempDir
    Path dir;

    @Test
    void thePlanOfEveryTemplateFitsEightyColumnsAndKeepsEveryWord() throws Exception {
        List<Path> templates;
        try (Stream<Path> s = Files.list(Path.of("templates"))) {
            templates = s.filter(p -> p.getFileName().toString().matches("sfs_.*_rc")).sorted().toList();
        }
        assertTrue(templates.size() >= 6, "templates: " + templates);
        for (Path t : templates) {
            RunPlan plan = RunPlan.from(RcParser.parse(t));
            String text = PlanText.of(plan, 80);
            for (String line : text.lines().toList()) {
                assertTrue(line.length() <= 80, t + ": " + line.length() + " columns: " + line + "\n" + text);
            }
            assertEquals(words(PlanText.of(plan, 10_000)), words(text), t + ": reflowing lost or cut a word");
            assertTrue(text.contains("\nduration        "), t + " has no planned duration:\n" + text);
        }
    }

    @Test
    void aWiderTerminalGetsLongerLines() throws Exception {
        RunPlan plan = RunPlan.from(RcParser.parse(Path.of("templates/sfs_topspeed_rc")));
        String wide = PlanText.of(plan, 132);
        assertTrue(widest(wide) > 80 && widest(wide) <= 132, wide);
    }

    @Test
    void theReportOfRealRunsFitsEightyColumnsWithEveryFigure() throws Exception {
        for (String name : List.of("sfsresult.posix.xml", "sfsresult.steps.xml", "sfsresult.access.xml")) {
            Path xml = dir.resolve(name);
            try (InputStream in = getClass().getResourceAsStream("/org/sfsbench/report/text/" + name)) {
                Files.copy(in, xml);
            }
            assertFitsWithEveryFigure(name, ResultXml.read(xml));
        }
        assertFitsWithEveryFigure("guide CIFS run", ResultXml.read(ReportFixtures.publishGuideRun(dir, "g").xml()));
    }

    private static void assertFitsWithEveryFigure(String what, ResultDocument d) {
        String text = TextReport.render(ResultMapping.toRunResult(d), 80);
        for (String line : text.lines().toList()) {
            assertTrue(line.length() <= 80, what + ": " + line.length() + " columns: " + line + "\n" + text);
        }
        boolean anyOps = false;
        for (LoadPointXml p : d.loadPoints) {
            if (p.step != null) {
                assertTrue(text.matches("(?s).*\\n\\s*" + p.index + "\\s+" + p.step.kind + "\\b.*"),
                        what + ": step " + p.index + " missing\n" + text);
            }
            for (OpXml o : p.ops) {
                if (text.contains("Operations at load point " + p.index + " ")) {
                    anyOps = true;
                    assertTrue(text.contains("\n" + o.name + " "), what + ": op " + o.name + "\n" + text);
                    if (o.latency != null) {
                        assertTrue(text.contains(" " + o.latency.p999Msec.toPlainString()), what + ": p99.9 of "
                                + o.name + "\n" + text);
                    }
                }
            }
        }
        assertTrue(anyOps, what + ": no per-op figures\n" + text);
        assertFalse(text.lines().anyMatch(l -> l.endsWith(" ")), what + ": a line ends in a blank\n" + text);
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    private static int widest(String text) {
        return text.lines().mapToInt(String::length).max().orElse(0);
    }
}
