package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.sfsbench.report.chart.Markup;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;

/**
 * One finished {@code sfs run} and every output it made: the console, sfsres, sfssum, sfslog, the
 * XML (checked against docs/sfsresult.xsd), the JSON, the HTML report and {@code sfs report}'s
 * text, for the checks of the headline and verdict of each workload (WorkloadVerdictsIT).
 */
final class RunOutputsCheck {
    /** SPECsfs2008's words that no output of a non-SFS run may contain. */
    static final List<String> SFS_ONLY = List.of("Overall Response Time", "load-spacing", "achieved-load");

    final String console;
    final Map<String, String> files = new LinkedHashMap<>();
    final ResultDocument doc;
    final Path results;
    final String suffix;

    private RunOutputsCheck(String console, Path results, String suffix) throws Exception {
        this.console = console;
        this.results = results;
        this.suffix = suffix;
        for (String f : List.of("sfsres", "sfssum", "sfslog")) {
            files.put(f, Files.readString(results.resolve(f + "." + suffix)));
        }
        Path xml = results.resolve("sfsresult." + suffix + ".xml");
        XmlLint.validate(xml, Sfs.home().resolve("docs/sfsresult.xsd"));
        files.put("xml", Files.readString(xml));
        files.put("json", Files.readString(results.resolve("sfsresult." + suffix + ".json")));
        files.put("html", Files.readString(results.resolve("report." + suffix + ".html")));
        doc = ResultXml.read(xml);
        assertEquals(doc.headline.lines, ResultJson.read(results.resolve("sfsresult." + suffix + ".json")).headline.lines,
                "XML and JSON carry the same headline");
        Path reportDir = results.resolveSibling("report");
        ChildProcess.Result report = ChildProcess.run(Sfs.command("report", xml.toString(), "-d",
                reportDir.toString()), Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, report.exit(), report.output());
        files.put("sfs report", report.output());
    }

    /** Runs {@code sfs run} with the live line in plain mode every second, and reads its outputs. */
    static RunOutputsCheck run(Path dir, Path rc, String suffix, Map<String, String> env) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out-" + suffix + ".txt"), env, "run", "-r", rc.toString(), "-s",
                suffix, "-d", results.toString(), "--progress", "plain", "--interval", "1");
        int status = run.waitFor(300);
        String out = run.output();
        assertEquals(0, status, out);
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
        return new RunOutputsCheck(out, results, suffix);
    }

    /**
     * The headline's lines, in this order, on the console, in sfsres, sfslog, sfs report and the
     * HTML's first lines (an SFS run's sfsres and sfslog keep their own wording of the same figures).
     */
    void headlineEverywhere(String rules) {
        assertEquals(rules, doc.headline.rules, files.get("xml"));
        List<String> lines = doc.headline.lines;
        assertFalse(lines.isEmpty());
        List<String> verbatim = rules.equals("sfs2008") ? List.of("console", "sfs report")
                : List.of("console", "sfsres", "sfs report", "sfslog");
        for (String where : verbatim) {
            // reports break long lines between words to fit the width
            String text = flat(where.equals("console") ? console : files.get(where));
            int at = -1;
            for (String l : lines) {
                int i = text.indexOf(flat(l), at + 1);
                assertTrue(i > at, where + " lacks the headline line '" + l + "' (in order):\n" + text);
                at = i;
            }
        }
        // the HTML leads with them: after the title, before any section
        String html = files.get("html");
        int firstSection = html.indexOf("<h2>");
        for (String l : lines) {
            int i = html.indexOf("<div class=\"headline\">" + Markup.escape(l) + "</div>");
            assertTrue(i > 0 && i < firstSection, "HTML headline line '" + l + "' before the first section");
        }
    }

    /** A non-SFS run: SPECsfs2008's rules said not to apply, its own checks listed and passed, no SFS words anywhere. */
    void ownVerdict(String title, List<String> checkIds) {
        assertFalse(doc.disclosability.disclosable);
        assertTrue(doc.headline.valid, files.get("sfsres"));
        assertEquals(checkIds, doc.disclosability.rules.stream().map(r -> r.id).toList());
        assertEquals(1, doc.disclosability.reasons.size());
        String notApplicable = doc.disclosability.reasons.get(0);
        assertTrue(notApplicable.startsWith("SPECsfs2008's run rules do not apply to "), notApplicable);
        for (String where : List.of("console", "sfsres", "sfs report", "sfslog")) {
            String text = flat(where.equals("console") ? console : files.get(where));
            assertTrue(text.contains("SPECsfs2008's run rules do not apply"), where + ":\n" + text);
            assertTrue(text.contains(title + ": valid, every check passed"), where + ":\n" + text);
            for (String id : checkIds) {
                assertTrue(Pattern.compile("PASS +" + id + " ").matcher(text).find(), where + " lacks " + id
                        + ":\n" + text);
            }
        }
        assertTrue(files.get("html").contains(title + ": valid, every check passed"), "HTML verdict");
        Map<String, String> all = new HashMap<>(files);
        all.put("console", console);
        all.forEach((where, text) -> {
            for (String word : SFS_ONLY) {
                assertFalse(text.contains(word), where + " of a " + doc.headline.rules + " run contains '" + word + "'");
            }
        });
    }

    /** Whitespace runs as one space: text broken to a width reads as the line it was. */
    static String flat(String s) {
        return s.replaceAll("\\s+", " ");
    }

    /** Each point's clock of the live line counts up across WARMUP and RUN (INIT on its own). */
    void progressClockNeverRunsBackwards() {
        // "point 1/2 INIT 0:03", else "point 1/2 0:02/0:05 RUN 0:01 left": the point's clock, then the phase
        Matcher m = Pattern.compile("(point \\d+/\\d+|step \\d+) (?:INIT (\\d+):(\\d\\d)|(\\d+):(\\d\\d)/\\d+:\\d\\d "
                + "(WARMUP|RUN) )").matcher(console);
        Map<String, Integer> last = new HashMap<>();
        List<String> seen = new ArrayList<>();
        while (m.find()) {
            boolean init = m.group(2) != null;
            String key = m.group(1) + (init ? " INIT" : "");
            int t = init ? Integer.parseInt(m.group(2)) * 60 + Integer.parseInt(m.group(3))
                    : Integer.parseInt(m.group(4)) * 60 + Integer.parseInt(m.group(5));
            seen.add(m.group());
            Integer before = last.put(key, t);
            assertTrue(before == null || t >= before, "the clock went back: " + seen);
        }
        assertTrue(seen.stream().anyMatch(s -> s.contains(" RUN ")), "no RUN status line:\n" + console);
    }

    /** Headless Chromium's screenshot of the HTML report, kept under the build folder, with the headline in its DOM. */
    Path screenshot(Path profile) throws Exception {
        HeadlessChromium.assumeInstalled();
        Path html = results.resolve("report." + suffix + ".html");
        String dom = HeadlessChromium.dumpDom(html, profile);
        for (String l : doc.headline.lines) {
            assertTrue(dom.contains(Markup.escape(l)), "the rendered page lacks '" + l + "'");
        }
        Path out = Sfs.buildDir().resolve("report-screenshots");
        Files.createDirectories(out);
        Path png = out.resolve("report." + suffix + ".png");
        Files.deleteIfExists(png);
        HeadlessChromium.screenshot(html, png, profile);
        BufferedImage img = ImageIO.read(png.toFile());
        // the headline is bold text near the top: dark pixels in the first 200 rows
        int dark = 0;
        for (int y = 40; y < 200; y++) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y);
                if (((rgb >> 16) & 0xff) < 80 && ((rgb >> 8) & 0xff) < 80 && (rgb & 0xff) < 80) {
                    dark++;
                }
            }
        }
        assertTrue(dark > 500, "no text at the top of the screenshot " + png + ": " + dark + " dark pixels");
        System.out.println("screenshot: " + png.toAbsolutePath());
        return png;
    }
}
