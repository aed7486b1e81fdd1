package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.ReportFixtures;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** One grammar across commands: names, help, versions, exit codes and usage errors. */
class CliGrammarTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run sfs(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int rc = cl.execute(args);
        return new Run(rc, out.toString(), err.toString());
    }

    @Test
    void everyHelpFitsEightyColumnsAndListsTheExitStatus() {
        Run top = sfs("--help");
        assertEquals(0, top.exit());
        assertFits(top.out(), "sfs --help");
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            if (name.equals("worker")) {
                continue;
            }
            Run r = name.equals("help") ? sfs("help", "run") : sfs(name, "--help");
            assertEquals(0, r.exit(), name + ": " + r.err());
            assertFits(r.out(), name);
            assertTrue(r.out().contains("Exit status:") && r.out().contains("  2   usage"), name + ":\n" + r.out());
        }
    }

    private static void assertFits(String text, String what) {
        text.lines().forEach(l -> assertTrue(l.length() <= 80, what + ": " + l.length() + " columns: " + l));
    }

    @Test
    void commandSummariesAreWholeSentences() {
        for (CommandLine sub : Main.commandLine().getSubcommands().values()) {
            if (sub.getCommandSpec().usageMessage().hidden() || sub.getCommandName().equals("help")) {
                continue;
            }
            String first = sub.getCommandSpec().usageMessage().description()[0];
            assertTrue(first.endsWith("."), sub.getCommandName() + ": summary is cut: " + first);
            // "  command  " takes 11 columns of the 80
            assertTrue(first.length() <= 80 - 11, sub.getCommandName() + ": summary too long: " + first);
        }
    }

    @Test
    void oneLetterAndOneLongNamePerMeaning() {
        Map<String, String> longOfShort = new HashMap<>();
        for (CommandLine sub : Main.commandLine().getSubcommands().values()) {
            for (OptionSpec o : sub.getCommandSpec().options()) {
                String shortName = null;
                String longName = null;
                for (String n : o.names()) {
                    if (n.startsWith("--")) {
                        longName = n;
                    } else {
                        shortName = n;
                    }
                }
                if (shortName == null) {
                    continue;
                }
                String before = longOfShort.putIfAbsent(shortName, longName);
                assertEquals(before == null ? longName : before, longName,
                        sub.getCommandName() + ": " + shortName + " means " + longName + " here, " + before + " elsewhere");
            }
        }
        assertEquals("--dir", longOfShort.get("-d"));
        assertEquals("--rc", longOfShort.get("-r"));
    }

    @Test
    void versionEverywhere() {
        Run v = sfs("version", "--help");
        assertEquals(0, v.exit(), v.err());
        Run runV = sfs("run", "-V");
        assertEquals(0, runV.exit(), runV.err());
        assertTrue(runV.out().startsWith("sfsbench "), runV.out());
    }

    @Test
    void aMistypedCommandGetsASuggestionNotTheWholeUsage() {
        Run r = sfs("rn");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.err().contains("Did you mean: sfs run"), r.err());
        assertTrue(r.err().contains("Try 'sfs --help'"), r.err());
        assertTrue(r.err().lines().count() <= 4, r.err());
    }

    @Test
    void helpOfAnUnknownCommandIsAUsageErrorWithASuggestion() {
        for (String[] args : new String[][] {{"rnu", "--help"}, {"--help", "rnu"}, {"rnu", "-h"}}) {
            Run r = sfs(args);
            assertEquals(ExitCodes.USAGE, r.exit(), String.join(" ", args) + ": " + r.out() + r.err());
            assertTrue(r.err().contains("Did you mean: sfs run ?"), r.err());
            assertFalse(r.out().contains("Typical session"), "not the top-level help: " + r.out());
        }
        Run known = sfs("run", "--help");
        assertEquals(0, known.exit(), known.err());
        assertTrue(known.out().contains("Usage: sfs run"), known.out());
    }

    @Test
    void aBareRcFileGetsAHintAtDashR() throws Exception {
        Path rc = Files.writeString(dir.resolve("base_rc"), "LOAD=10\n");
        Run r = sfs("plan", rc.toString());
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.err().contains("Did you mean: sfs plan -r " + rc + " ?"), r.err());
    }

    @Test
    void unhelpfulErrorsNowSayWhatIsWrong() throws Exception {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        Run d = sfs("run", "-r", file.toString(), "-d", file.toString());
        assertEquals(ExitCodes.USAGE, d.exit());
        Run folderRc = sfs("plan", "-r", dir.toString());
        assertEquals(ExitCodes.USAGE, folderRc.exit());
        assertTrue(folderRc.err().contains("is a folder, not an rc file"), folderRc.err());
    }

    @Test
    void reportReadsTheJsonAndOffersTheLatestRunOfAFolder() throws Exception {
        var published = ReportFixtures.publishGuideRun(dir, "js");
        Run json = sfs("report", published.json().toString(), "-d", dir.resolve("web").toString());
        assertEquals(0, json.exit(), json.err());
        assertTrue(json.out().contains("3011 ops/sec"), json.out());
        Run folder = sfs("report", dir.toString());
        assertEquals(ExitCodes.USAGE, folder.exit());
        assertTrue(folder.err().contains("its latest run is " + published.xml()), folder.err());
        assertFalse(folder.err().contains("no such file"), folder.err());
    }

    @Test
    void metricAndReportAgreeOnUnreadableInput() {
        String missing = dir.resolve("sfssum.none").toString();
        assertEquals(ExitCodes.FAILED, sfs("metric", missing).exit());
        assertEquals(ExitCodes.FAILED, sfs("report", missing).exit());
    }
}
