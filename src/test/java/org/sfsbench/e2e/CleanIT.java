package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.Exclusive;

/**
 * File sets left behind: a posix run leaves sfs_SUFFIX/ on its mount points, built within the
 * stated tolerance of the plan, and says so; {@code sfs clean} lists it (dry run), removes it, and
 * leaves other names alone; against the loopback NFS-Ganesha and Samba it removes a run's file set
 * through NFSv3 and SMB.
 */
@Exclusive(Exclusive.SAMBA_445)
class CleanIT {
    /** docs/workloads.md, Tolerance: 1 KiB per proc (SFS_FS_TOLERANCE), plus sfssum's whole KB. */
    private static final long TOLERANCE_KB_PER_PROC = 1;

    @Test
    void aRunLeavesItsFileSetAndCleanRemovesOnlyThat(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 2, "10 20 30", 1, 2, "");
        Path mnt0 = dir.resolve("mnt0");
        Files.writeString(mnt0.resolve("keep.txt"), "not a file set");
        Files.createDirectories(mnt0.resolve("sfs_other/p0000"));
        Files.writeString(mnt0.resolve("sfs_other/p0000/f"), "12345");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "cl", "-d",
                results.toString());
        assertEquals(0, run.waitFor(180), run.output());

        // the built file set of every point is within the tolerance below its plan
        List<String> rows = Files.readAllLines(results.resolve("sfssum.cl"));
        assertEquals(3, rows.size());
        for (String row : rows) {
            String[] col = row.trim().split("\\s+");
            long plan = RunPlan.filesetKB(Integer.parseInt(col[0]), 0.0002);
            long built = Long.parseLong(col[8]);
            assertTrue(built <= plan + 1 && plan - built <= 2 * TOLERANCE_KB_PER_PROC + 1,
                    "built " + built + " KB, plan " + plan + " KB: " + row);
        }
        // the run says where its file set is and how large
        String note = "File set: sfs_cl/ under every mount point, " + String.format(Locale.ROOT, "%,d", Long.parseLong(
                rows.get(2).trim().split("\\s+")[8])) + " KB at its largest point";
        assertTrue(Files.readString(results.resolve("sfsres.cl")).contains(note), note);
        assertTrue(run.output().contains(note), run.output());
        assertTrue(Files.isDirectory(mnt0.resolve("sfs_cl")) && Files.isDirectory(dir.resolve("mnt1/sfs_cl")));

        long files0 = regularFiles(mnt0.resolve("sfs_cl")) + symlinks(mnt0.resolve("sfs_cl"));
        ChildProcess dry = Sfs.start(dir.resolve("dry.txt"), Map.of(), "clean", "-r", rc.toString(), "-s", "cl", "-n");
        assertEquals(0, dry.waitFor(60), dry.output());
        assertTrue(dry.output().contains(mnt0.resolve("sfs_cl") + "\n      holds " + String.format(Locale.ROOT, "%,d", files0)
                + " files"), dry.output());
        assertTrue(dry.output().contains("found 2 file sets") && dry.output().contains("nothing removed"), dry.output());
        assertTrue(Files.isDirectory(mnt0.resolve("sfs_cl")), "a dry run removes nothing");

        ChildProcess one = Sfs.start(dir.resolve("one.txt"), Map.of(), "clean", "-r", rc.toString(), "-s", "cl");
        assertEquals(0, one.waitFor(60), one.output());
        assertTrue(one.output().contains("removed 2 file sets"), one.output());
        assertFalse(Files.exists(mnt0.resolve("sfs_cl")) || Files.exists(dir.resolve("mnt1/sfs_cl")), one.output());
        assertTrue(Files.isRegularFile(mnt0.resolve("sfs_other/p0000/f")), "another suffix is kept");

        ChildProcess all = Sfs.start(dir.resolve("all.txt"), Map.of(), "clean", "-r", rc.toString());
        assertEquals(0, all.waitFor(60), all.output());
        assertTrue(all.output().contains(mnt0.resolve("sfs_other") + "\n      removed 1 file, 2 folders, 5 bytes"),
                all.output());
        assertFalse(Files.exists(mnt0.resolve("sfs_other")));
        assertEquals("not a file set", Files.readString(mnt0.resolve("keep.txt")), "other names are not touched");

        ChildProcess none = Sfs.start(dir.resolve("none.txt"), Map.of(), "clean", "-r", rc.toString());
        assertEquals(0, none.waitFor(60), none.output());
        assertTrue(none.output().contains("no sfs_* folder: nothing to remove"), none.output());
    }

    @Test
    void cleanRemovesAFileSetThroughNfs3(@TempDir Path dir) throws Exception {
        GaneshaServer server = GaneshaServer.defaultInstance().start();
        runThenClean(dir, "nfs", server.target(), "/", "", server.exportDir());
    }

    @Test
    void cleanRemovesAFileSetThroughSmb(@TempDir Path dir) throws Exception {
        SambaServer samba = SambaServer.start("clean-it");
        try {
            Map<String, String> env = samba.env;
            runThenClean(dir, "cifs", env.get("TARGET"), "\\", "USERNAME=" + env.get("USER") + "\nPASSWORD="
                    + env.get("PASSWORD") + "\nDOMAIN=" + env.get("DOMAIN"), Path.of(env.get("SHARE_DIR")));
        } finally {
            samba.stopAndRemove();
        }
    }

    /**
     * A run against a shared loopback server leaves its file set (built through the protocol, as
     * the server's cache would not list files made beside it); a dry run counts what the server
     * holds on disk, a clean removes it through the protocol. A suffix of its own: the export is
     * shared with other tests.
     */
    private static void runThenClean(Path dir, String protocol, String target, String sep, String extra, Path local)
            throws Exception {
        String suffix = "cleanit" + ThreadLocalRandom.current().nextInt(1_000_000);
        Path set = local.resolve("sfs_" + suffix);
        Path rc = TestRc.write(dir, protocol, "localhost", 1, target, "10", 1, 2, extra);
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", suffix, "-d",
                dir.resolve("results").toString());
        assertEquals(0, run.waitFor(180), run.output());
        assertTrue(Files.isDirectory(set), "the run left " + set);
        long files = regularFiles(set) + symlinks(set);

        ChildProcess dry = Sfs.start(dir.resolve("dry.txt"), Map.of(), "clean", "-r", rc.toString(), "-s", suffix, "-n");
        assertEquals(0, dry.waitFor(60), dry.output());
        assertTrue(dry.output().contains(target + sep + "sfs_" + suffix + "\n      holds "
                + String.format(Locale.ROOT, "%,d", files) + " files"), files + " files:\n" + dry.output());
        assertTrue(Files.isDirectory(set));

        ChildProcess clean = Sfs.start(dir.resolve("clean.txt"), Map.of(), "clean", "-r", rc.toString(), "-s", suffix);
        assertEquals(0, clean.waitFor(60), clean.output());
        assertTrue(clean.output().contains("(" + protocol + ")") && clean.output().contains("removed 1 file set: "
                + String.format(Locale.ROOT, "%,d", files) + " files"), clean.output());
        assertFalse(Files.exists(set), "removed through " + protocol + ": " + clean.output());
    }

    private static long regularFiles(Path p) throws Exception {
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).count();
        }
    }

    private static long symlinks(Path p) throws Exception {
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(Files::isSymbolicLink).count();
        }
    }
}
