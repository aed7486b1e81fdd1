package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rc.RcFiles;
import picocli.CommandLine;

class PlanCommandTest {

    @TempDir
    Path dir;

    static final String WORKED_EXAMPLE = String.join("\n",
            "LOAD=200", "INCR_LOAD=200", "NUM_RUNS=10", "CLIENTS=\"c1 c2 c3 c4\"", "NUM_PROCS=8",
            "MNT_POINTS=\"s:/m0 s:/m0 s:/m0 s:/m0 s:/m1 s:/m1 s:/m1 s:/m2\"", "FS_PROTOCOL=nfs", "");

    private record Run(int exit, String out, String err) {
    }

    private static Run sfs(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void workedExampleRowsArePrinted() throws Exception {
        Path rc = RcFiles.write(dir, "sfs_rc", WORKED_EXAMPLE);
        String text = PlanCommand.planText(rc);
        List<String> rows = text.lines().filter(l -> l.matches("\\s*\\d+/10\\s.*")).toList();
        assertEquals(List.of(
                "   1/10        200          192         6       23592960    22.5 GiB",
                "   2/10        400          384        12       47185920    45.0 GiB",
                "   3/10        600          576        18       70778880    67.5 GiB",
                "   4/10        800          800        25       98304000    93.8 GiB",
                "   5/10       1000          992        31      121896960   116.3 GiB",
                "   6/10       1200         1184        37      145489920   138.8 GiB",
                "   7/10       1400         1376        43      169082880   161.3 GiB",
                "   8/10       1600         1600        50      196608000   187.5 GiB",
                "   9/10       1800         1792        56      220200960   210.0 GiB",
                "  10/10       2000         1984        62      243793920   232.5 GiB"), rows);
        assertTrue(text.contains("rc file         " + rc.toAbsolutePath()), text);
        assertTrue(text.contains("protocol        nfs over TCP"), text);
        assertTrue(text.contains("clients         4: c1 c2 c3 c4"), text);
        assertTrue(text.contains("procs/client    8 (32 procs in all)"), text);
        assertTrue(text.contains("warmup/runtime  300 s / 300 s"), text);
        assertTrue(text.contains("disclosable     yes"), text);
        assertTrue(text.contains("file set        sfs_SUFFIX/ on each mount point, kept after the run (sfs clean)"),
                text);
        assertTrue(text.contains("  client 4 c4\n    procs 0-3    (global 24-27)  s:/m0\n"
                + "    procs 4-6    (global 28-30)  s:/m1\n    proc 7       (global 31)  s:/m2\n"), text);
    }

    @Test
    void validRcExitsZeroAndPrintsThePlan() {
        Path rc = RcFiles.write(dir, "sfs_rc", WORKED_EXAMPLE + "RUNTIME=60\n");
        Run r = sfs("plan", "-r", rc.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("disclosable     no\n  - runtime failed: RUNTIME=60, 240 s short of 300 s\n"), r.out());
        assertTrue(r.out().contains("  10/10       2000         1984"), r.out());
    }

    @Test
    void invalidRcExitsTwoWithTheMessageOnly() {
        Path rc = RcFiles.write(dir, "sfs_rc", WORKED_EXAMPLE + "RUNTMIE=60\n");
        Run r = sfs("plan", "-r", rc.toString());
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("sfs plan: " + rc.toAbsolutePath() + ":8: RUNTMIE: unknown variable"
                + " (its value is not shown) (did you mean RUNTIME?)"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void missingRcFileExitsTwo() {
        Run r = sfs("plan", "-r", dir.resolve("absent_rc").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("no such rc file"), r.err());
    }

    @Test
    void missingOptionIsAUsageErrorWithExitTwo() {
        Run r = sfs("plan");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("Missing required option: '--rc=RC'"), r.err());
    }

    @Test
    void helpShowsAnExample() {
        Run r = sfs("plan", "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("sfs plan -r templates/sfs_posix_rc"), r.out());
        assertTrue(r.out().contains("-r, --rc=RC"), r.out());
    }

    @Test
    void cifsHeaderShowsTheUserButNeverThePassword() {
        Path rc = RcFiles.write(dir, "sfs_rc", String.join("\n", "LOAD=\"40 80\"", "PROCS=2", "CLIENTS=h",
                "MNT_POINTS=\"\\\\127.0.0.1:4455\\sfs \\\\127.0.0.1:4455\\sfs\"", "FS_PROTOCOL=cifs",
                "USERNAME=bench", "PASSWORD=Secret123", "DOMAIN=WORKGROUP", ""));
        Run r = sfs("plan", "-r", rc.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("credentials     user bench, domain WORKGROUP, password ********\n"), r.out());
        assertTrue(r.out().contains("    procs 0-1    (global 0-1)  \\\\127.0.0.1:4455\\sfs\n"), r.out());
        assertFalse(r.out().contains("Secret123"), r.out());
    }

    @Test
    void warningsArePrinted() {
        Path rc = RcFiles.write(dir, "sfs_rc", String.join("\n", "LOAD=\"8 16\"", "PROCS=2", "CLIENTS=h",
                "MNT_POINTS=\"/t /t\"", "FS_PROTOCOL=posix", ""));
        Run r = sfs("plan", "-r", rc.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("warnings        1\n  - the lowest load point (8) gives 4 ops/s per proc"), r.out());
    }
}
