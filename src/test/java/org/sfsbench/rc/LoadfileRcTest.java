package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.loadfile.LoadfileCopy;

/** WORKLOAD=loadfile rc files: the loadfile is parsed before anything starts; clients are the load points. */
class LoadfileRcTest {

    @TempDir
    Path dir;

    private Path rc(String loadfileText, String extra) {
        RcFiles.write(dir, "client.txt", loadfileText);
        return RcFiles.write(dir, "rc", String.join("\n", "WORKLOAD=loadfile", "LOADFILE=client.txt",
                "CLIENTS=\"localhost 127.0.0.1\"", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"", extra, ""));
    }

    private static final String GOOD = "NTCreateX \"\\clients\\client1\\a\" 0x40 0x2 7 NT_STATUS_OK\n"
            + "WriteX 7 0 4096 4096 NT_STATUS_OK\nClose 7 NT_STATUS_OK\n";

    @Test
    void clientCountsSpreadOverHosts() throws RcException {
        RunConfig c = RcParser.parse(rc(GOOD, "CLIENT_COUNTS=\"2 5\""));
        assertEquals(List.of(2, 5), c.loadfile().clientCounts());
        assertTrue(c.loadfile().summary().contains("3 op lines"), c.loadfile().summary());
        RunPlan plan = RunPlan.from(c);
        LoadPoint p = plan.points().get(1);
        assertEquals(5, p.nominalLoad());
        List<ClientPlan> hosts = p.clients();
        assertEquals(3, hosts.get(0).procs().size());
        assertEquals(2, hosts.get(1).procs().size());
        assertEquals(4, hosts.get(1).procs().get(1).globalIndex(), "clients numbered host by host");
    }

    @Test
    void withoutClientCountsOnePointOfProcsTimesClients() throws RcException {
        RunConfig c = RcParser.parse(rc(GOOD, "PROCS=1"));
        assertEquals(List.of(2), c.loadfile().clientCounts());
        assertNull(RcParser.parse(RcFiles.write(dir, "plain", RcFiles.MINIMAL)).loadfile());
    }

    @Test
    void badLoadfileLineIsRefusedWithItsNumber() {
        RcException e = assertThrows(RcException.class,
                () -> RcParser.parse(rc(GOOD + "ReadX 7 0 4096\n", "CLIENT_COUNTS=2")));
        assertTrue(e.getMessage().contains("LOADFILE=client.txt") && e.getMessage().contains("client.txt:4: ReadX needs 5"),
                e.getMessage());
    }

    @Test
    void settingsThatDoNotApplyAreRefused() {
        assertMessage(rc(GOOD, "CLIENT_COUNTS=1"), "cannot be spread over the 2 hosts");
        assertMessage(rc(GOOD, "LOAD=100"), "does not apply to WORKLOAD=loadfile");
        assertMessage(rc(GOOD, "CLIENT_COUNTS=2\nPROCS=2"), "PROCS=2: is not used with CLIENT_COUNTS");
        assertMessage(rc(GOOD, "CLIENT_COUNTS=2\nLOADFILE_TIMING=timestamps"), "the loadfile has no timestamps");
        assertMessage(rc(GOOD, "CLIENT_COUNTS=2\nTARGET_RATE_MBPS=fast"), "not a positive number");
        assertMessage(RcFiles.write(dir, "x", RcFiles.MINIMAL + "LOADFILE=client.txt\n"),
                "applies only to WORKLOAD=loadfile");
    }

    private static final String STAMPED = "0.000 MKDIR3 \"/clients/client1\" *\n"
            + "0.500 GETATTR3 \"/clients/client1\" 0x00000000\n";

    @Test
    void loadfileSpeedScalesTimestampsAndIsRefusedWhereItCannot() throws RcException {
        String stamped = "CLIENT_COUNTS=2\nLOADFILE_TIMING=timestamps";
        assertEquals(2.5, RcParser.parse(rc(STAMPED, stamped + "\nLOADFILE_SPEED=2.5")).loadfile().speed());
        assertEquals(1, RcParser.parse(rc(STAMPED, stamped)).loadfile().speed());
        for (String bad : List.of("0", "-1", "fast", "NaN", "2e6")) {
            assertMessage(rc(STAMPED, stamped + "\nLOADFILE_SPEED=" + bad),
                    "rc:8: LOADFILE_SPEED=" + bad + ": not a number from 0.000001 to 1000000");
        }
        assertMessage(rc(STAMPED, "CLIENT_COUNTS=2\nLOADFILE_SPEED=2"),
                "rc:7: LOADFILE_SPEED=2: it scales the loadfile's timestamps, which LOADFILE_TIMING=asap does not follow");
        assertMessage(rc(STAMPED, "CLIENT_COUNTS=2\nLOADFILE_TIMING=asap\nLOADFILE_SPEED=0.5"),
                "LOADFILE_TIMING=asap does not follow");
        assertMessage(RcFiles.write(dir, "x", RcFiles.MINIMAL + "LOADFILE_SPEED=2\n"), "applies only to WORKLOAD=loadfile");
    }

    @Test
    void loadfilePassesReplayEachFileNTimesWithoutAWarmup() throws RcException {
        String stamped = "CLIENT_COUNTS=2\nLOADFILE_TIMING=timestamps";
        assertEquals(0, RcParser.parse(rc(STAMPED, stamped)).loadfile().passes(), "default: until RUNTIME");
        RunConfig once = RcParser.parse(rc(STAMPED, stamped + "\nLOADFILE_PASSES=1"));
        assertEquals(1, once.loadfile().passes());
        assertEquals(0, once.warmupTime(), "measured from the first line: no warm-up");
        RunConfig twice = RcParser.parse(rc(GOOD, "CLIENT_COUNTS=2\nLOADFILE_PASSES=2\nWARMUP_TIME=0"));
        assertEquals(2, twice.loadfile().passes(), "asap replays count passes too");
        assertEquals(0, twice.warmupTime());
        assertMessage(rc(STAMPED, stamped + "\nLOADFILE_PASSES=-1"),
                "rc:8: LOADFILE_PASSES=-1: -1 is negative; allowed: a whole number from 0 to 1000000000");
        assertMessage(rc(STAMPED, stamped + "\nLOADFILE_PASSES=once"),
                "rc:8: LOADFILE_PASSES=once: 'once' is not a whole number");
        for (String warmup : List.of("WARMUP_TIME=5", "WARMUP_TIME=steady")) {
            assertMessage(rc(STAMPED, stamped + "\nLOADFILE_PASSES=1\n" + warmup), "rc:9: " + warmup
                    + ": a warm-up would replay the start of the first pass unmeasured, and LOADFILE_PASSES=1 measures"
                    + " its passes from their first line; allowed: WARMUP_TIME=0 or unset with LOADFILE_PASSES");
        }
        assertMessage(RcFiles.write(dir, "x", RcFiles.MINIMAL + "LOADFILE_PASSES=1\n"), "LOADFILE_PASSES=1: applies"
                + " only to WORKLOAD=loadfile");
    }

    private void put(String name, String text) {
        try {
            java.nio.file.Files.createDirectories(dir.resolve(name).getParent());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        RcFiles.write(dir, name, text);
    }

    /** A folder of loadfiles of 1, 5, 2 and 3 op lines (c, a, d, b by name order: a b c d). */
    private Path set(String clients, String extra) {
        put("cap/a.load", "FSSTAT3 0x0\n".repeat(5));
        put("cap/b.load", "FSSTAT3 0x0\n".repeat(3));
        put("cap/c.load", "FSSTAT3 0x0\n");
        put("cap/d.load", "FSSTAT3 0x0\n".repeat(2));
        put("cap/.part-1", "being written");
        return RcFiles.write(dir, "rc", String.join("\n", "WORKLOAD=loadfile", "LOADFILE=cap/",
                "CLIENTS=\"" + clients + "\"", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"", extra, ""));
    }

    private static List<Integer> procsPerHost(RunConfig c) {
        return RunPlan.from(c).points().get(0).clients().stream().map(h -> h.procs().size()).toList();
    }

    @Test
    void aFolderIsOneClientPerLoadfileDealtOverClients() throws RcException {
        RunConfig rr = RcParser.parse(set("h1 h2 h3", ""));
        LoadfileSettings lf = rr.loadfile();
        assertTrue(lf.set());
        assertEquals(List.of("a.load", "b.load", "c.load", "d.load"), lf.copies().stream().map(LoadfileCopy::name).toList());
        assertEquals(List.of(List.of(0, 3), List.of(1), List.of(2)), lf.deal(), "round robin: a d, b, c");
        assertEquals(List.of(4), lf.clientCounts(), "one point of one client per loadfile");
        assertEquals(List.of(2, 1, 1), procsPerHost(rr));
        assertEquals(List.of("a.load", "d.load"), lf.copiesFor(0).stream().map(LoadfileCopy::name).toList());
        assertTrue(lf.summary().startsWith("4 loadfiles, one simulated client each, 11 op lines in all: a.load"),
                lf.summary());
        // by op lines: a (5) to h1, b (3) to h2, d (2) to h2, c (1) to h1 (5 each: the first), 6 against 5
        LoadfileSettings ops = RcParser.parse(set("h1 h2", "LOADFILE_DEAL=ops")).loadfile();
        assertEquals(List.of(List.of(0, 2), List.of(1, 3)), ops.deal());
        RunConfig one = RcParser.parse(set("h1", ""));
        assertEquals(List.of(4), procsPerHost(one), "all of them on one load generator");
        assertEquals(4, one.loadfile().copiesFor(0).size());
    }

    @Test
    void aFolderRefusesWhatCannotApply() {
        assertMessage(set("h1 h2", "CLIENT_COUNTS=4"), "CLIENT_COUNTS=4: does not apply when LOADFILE names a folder");
        assertMessage(set("h1 h2", "PROCS=2"), "PROCS=2: does not apply when LOADFILE names a folder");
        assertMessage(set("h1 h2 h3 h4 h5", ""), "LOADFILE=cap/: 4 loadfiles cannot be dealt over the 5 hosts");
        assertMessage(set("h1 h2", "LOADFILE_DEAL=random"), "LOADFILE_DEAL=random: unknown deal");
        assertMessage(rc(GOOD, "CLIENT_COUNTS=2\nLOADFILE_DEAL=ops"), "LOADFILE_DEAL=ops: deals the loadfiles of a set");
        put("cap/e.load", "ReadX 7 0 4096\n");
        assertMessage(set("h1", ""), "cap/e.load:1:");
        put("cap2/x.load", "FSSTAT3 0x0\n");
        Path noSlash = RcFiles.write(dir, "rc2", String.join("\n", "WORKLOAD=loadfile", "LOADFILE=cap2",
                "CLIENTS=h1", "PROCS=1", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"", ""));
        assertMessage(noSlash, "written with a trailing /: LOADFILE=cap2/");
    }

    @Test
    void theLoadfileIsReadOnceIntoTheCopyTheRunShipsAndBounded() throws Exception {
        RunConfig c = RcParser.parse(rc(GOOD, "CLIENT_COUNTS=2"));
        LoadfileCopy copy = c.loadfile().copies().get(0);
        assertEquals("client.txt", copy.name());
        assertArrayEquals(GOOD.getBytes(StandardCharsets.UTF_8), copy.text());
        Path rc = rc(GOOD, "CLIENT_COUNTS=2");
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("client.txt").toFile(), "rw")) {
            f.setLength(LoadfileCopy.MAX_BYTES + 1); // sparse: refused by its size before it is read
        }
        assertMessage(rc, "client.txt: " + (LoadfileCopy.MAX_BYTES + 1) + " bytes, more than a run ships to its clients");
    }

    private static void assertMessage(Path rc, String fragment) {
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }
}
