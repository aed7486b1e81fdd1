package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.plan.RunPlan;

/**
 * Every public file of src/test/resources/field (README.md there names their sources) through
 * {@code sfs plan}'s parser: each plans, or is refused with its file, line and the reason it cannot
 * be mapped, exactly as listed here. The Iometer fixtures of src/test/resources/access plan too.
 */
class FieldCorpusTest {
    static final Path FIELD = Path.of(System.getProperty("sfs.home", "."), "src/test/resources/field");
    static final Path ACCESS = Path.of(System.getProperty("sfs.home", "."), "src/test/resources/access");

    private static final String SCSI = " is a SCSI command of dbench's scsi/iscsi backends (dbench -B scsi|iscsi):"
            + " a block device's load, which no file-server protocol carries";
    private static final String BLOCK = " with an offset and no path: a loadfile of dbench's block backend (dbench"
            + " -B block), which loads a device, not files";

    /** Files that cannot be mapped: the line and the reason each is refused with. */
    static final Map<String, String> REFUSED = new TreeMap<>(Map.ofEntries(
            Map.entry("dbench/block1G4krr.load", "9: READ" + BLOCK),
            Map.entry("dbench/block1G4krw.load", "9: WRITE" + BLOCK),
            Map.entry("dbench/iscsi-read10-random.load", "7: TESTUNITREADY" + SCSI),
            Map.entry("dbench/iscsi-read10-same.load", "7: TESTUNITREADY" + SCSI),
            Map.entry("dbench/iscsi-read10-sequential.load", "7: TESTUNITREADY" + SCSI),
            Map.entry("dbench/iscsi.load", "2: TESTUNITREADY" + SCSI),
            Map.entry("dbench/scsi.load", "5: TESTUNITREADY" + SCSI),
            Map.entry("dbench/iscsi/prout_register_twice.load", "6: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_release_parallel_1.load", "5: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_release_parallel_2.load", "5: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_release_twice.load", "5: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_reserve_parallel_1.load", "6: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_reserve_parallel_2.load", "5: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_reserve_repeat.load", "5: PROUT" + SCSI),
            Map.entry("dbench/iscsi/prout_reserve_twice.load", "8: PROUT" + SCSI),
            Map.entry("dbench/iscsi/register_twice.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/release_parallel_1.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/release_parallel_2.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/release_twice.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/repeat.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/reserve_parallel_1.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/reserve_parallel_2.load", "2: PROUT" + SCSI),
            Map.entry("dbench/iscsi/reserve_twice.load", "2: PROUT" + SCSI),
            Map.entry("dbench/nfs_3.load", "8: WRITEPATTERN lines are not supported by sfsbench's replay"),
            Map.entry("dbench/nfs_lock.load", "1: every op line is LOCK4, UNLOCK4 or TEST4 (NFSv4 byte-range"
                    + " locks), which no backend issues: the replay would do nothing")));

    /** The replayable loadfiles of the corpus (relative to src/test/resources/field). */
    static final List<String> REPLAYED = List.of("dbench/nfs.load", "dbench/nfs_2.load", "dbench/smb.load",
            "dbench/smb_1.load", "dbench/smb_2.load", "dbench/smb_3.load");

    @TempDir
    Path dir;

    static List<String> loadfiles() throws Exception {
        try (Stream<Path> s = Files.walk(FIELD)) {
            return s.filter(p -> p.toString().endsWith(".load")).map(p -> FIELD.relativize(p).toString()).sorted()
                    .toList();
        }
    }

    private Path rc(Path loadfile) {
        return RcFiles.write(dir, "rc", String.join("\n", "WORKLOAD=loadfile", "LOADFILE=" + loadfile,
                "CLIENT_COUNTS=\"1 2\"", "CLIENTS=localhost", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"",
                "RUNTIME=5", "WARMUP_TIME=1", ""));
    }

    @Test
    void everyLoadfilePlansOrIsRefusedWithItsLineAndWhy() throws Exception {
        List<String> files = loadfiles();
        assertEquals(31, files.size(), "dbench's loadfiles/ as stored: " + files);
        for (String name : files) {
            Path file = FIELD.resolve(name);
            String why = REFUSED.get(name);
            if (why == null) {
                RunConfig c = RcParser.parse(rc(file));
                RunPlan plan = RunPlan.from(c);
                assertEquals(2, plan.points().size(), name);
                assertTrue(REPLAYED.contains(name), name + " plans: list it in REPLAYED so the ITs replay it");
            } else {
                RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc(file)), name);
                assertEquals("LOADFILE", e.variable(), e.getMessage());
                assertTrue(e.getMessage().contains("LOADFILE=" + file + ": " + file + ":" + why), e.getMessage());
            }
        }
        for (String name : REPLAYED) {
            assertTrue(files.contains(name), name);
        }
    }

    /** dbench's nfs.load has a comment with an unbalanced quote (line 72): dbench skips it, and so do we. */
    @Test
    void dbenchsOwnNfsLoadIsAccepted() throws Exception {
        Path nfs = FIELD.resolve("dbench/nfs.load");
        assertTrue(Files.readAllLines(nfs).get(71).contains("the \"stable' field"));
        RunConfig c = RcParser.parse(rc(nfs));
        assertTrue(c.loadfile().summary().contains("62 op lines, timestamped"), c.loadfile().summary());
    }

    @Test
    void everyIometerFixturePlans() throws Exception {
        Map<String, String> procs = Map.of("queue_cycle_2006.icf", "2", "workers_1.1.0.icf", "4",
                "targets_1.1.0.icf", "6", "specs_only_2008.icf", "2");
        Map<String, Integer> steps = Map.of("queue_cycle_2006.icf", 12, "workers_1.1.0.icf", 3,
                "targets_1.1.0.icf", 6, "specs_only_2008.icf", 6);
        Map<String, String> clients = Map.of("workers_1.1.0.icf", "\"localhost 127.0.0.1\"");
        for (String name : procs.keySet()) {
            Path rc = RcFiles.write(dir, "rc", String.join("\n", "WORKLOAD=access", "ACCESS_SPECS="
                    + ACCESS.resolve(name), "PROCS=" + procs.get(name), "CLIENTS=" + clients.getOrDefault(name,
                    "localhost"), "FS_PROTOCOL=posix", "MNT_POINTS=\"" + (dir + " ").repeat(Integer.parseInt(procs.get(name)))
                    .strip() + "\"", "RUNTIME=5",
                    name.startsWith("specs_only") ? "OUTSTANDING_IOS=\"1 8\"" : "", ""));
            RunConfig c = RcParser.parse(rc);
            assertEquals(steps.get(name), c.access().steps().size(), name);
            assertFalse(RunPlan.from(c).points().isEmpty(), name);
        }
    }
}
