package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user coming from dbench, Iometer/pgmeter or the SPECsfs2008 templates meets first: input
 * files that are folders, FIFOs or devices are named as such, a file that is no loadfile is never
 * echoed, a regular file as the access target, "Database", DEBUG=1, and the templates' own words.
 */
class FieldHabitsTest {
    @TempDir
    Path dir;

    private Path fifo() throws Exception {
        Path f = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", f.toString()).start().waitFor());
        return f;
    }

    private String refusal(String rcText) {
        Path rc = RcFiles.write(dir, "rc", rcText);
        return assertThrows(RcException.class, () -> RcParser.parse(rc)).getMessage();
    }

    private String loadfileRc(Object loadfile) {
        return String.join("\n", "WORKLOAD=loadfile", "LOADFILE=" + loadfile, "CLIENTS=localhost", "PROCS=1",
                "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"", "");
    }

    private String accessRc(Object specs, Object mnt, int procs, String extra) {
        return String.join("\n", "WORKLOAD=access", "ACCESS_SPECS=" + specs, "PROCS=" + procs, "CLIENTS=localhost",
                "FS_PROTOCOL=posix", "MNT_POINTS=" + mnt, extra, "");
    }

    @Test
    void inputFilesThatAreNoRegularFileSaySo() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Path fifo = fifo();
        assertTrue(refusal(loadfileRc(folder)).contains("LOADFILE=" + folder + ": " + folder + " is a directory"));
        assertTrue(refusal(loadfileRc(fifo)).contains(fifo + " is not a regular file (a FIFO)"));
        assertTrue(refusal(loadfileRc("/dev/null")).contains("/dev/null is not a regular file (a character device)"));
        assertTrue(refusal(loadfileRc(dir.resolve("none"))).contains(dir.resolve("none") + " no such file"));
        assertTrue(refusal(RcFiles.MINIMAL + "MIXFILE=" + folder + "\n").contains(folder + " is a directory"));
        assertTrue(refusal(RcFiles.MINIMAL + "MIXFILE=" + fifo + "\n").contains(fifo + " is not a regular file (a FIFO)"));
        assertTrue(refusal(accessRc(folder, dir, 1, "")).contains("ACCESS_SPECS=" + folder + ": " + folder
                + " is a directory"));
        assertTrue(refusal(accessRc(fifo, dir, 1, "")).contains(fifo + " is not a regular file (a FIFO)"));
    }

    /** LOADFILE=/etc/shadow must not print its first line: only a file that parsed as a loadfile so far is quoted. */
    @Test
    void aFileThatIsNoLoadfileIsNotEchoed() throws Exception {
        Path secret = RcFiles.write(dir, "shadow", "root:$6$saltsalt$secrethash:19000:0:99999:7:::\n");
        String why = refusal(loadfileRc(secret));
        assertTrue(why.contains(secret + ":1: not a dbench loadfile line (the line is not shown"), why);
        assertFalse(why.contains("secrethash") || why.contains("root"), why);
    }

    /** MNT_POINTS naming a regular file whose first line is no CLIENTS entry: the access target itself. */
    @Test
    void aRegularFileAsTheAccessTargetIsNoMountPointsFile() throws Exception {
        Path target = dir.resolve("disk.img");
        Files.write(target, new byte[1 << 20]);
        RunConfig c = RcParser.parse(RcFiles.write(dir, "rc", accessRc("OLTP", target, 1, "ACCESS_TARGET_WRITES=yes")));
        assertEquals(List.of(target.toString()), c.mountPoints().stream().map(MountPoint::path).toList());
        // a mount-points file is told by its content: its first line names a client of CLIENTS
        Path mp = RcFiles.write(dir, "mounts", "# clients\nlocalhost " + dir + "\n");
        RunConfig m = RcParser.parse(RcFiles.write(dir, "rc", accessRc("OLTP", mp, 1, "")));
        assertEquals(List.of(dir.toString()), m.mountPoints().stream().map(MountPoint::path).toList());
        // other workloads keep reading a file as a mount-points file
        Path lf = RcFiles.write(dir, "client.txt", "NTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\nClose 1 NT_STATUS_OK\n");
        String why = refusal(loadfileRc(lf).replace("MNT_POINTS=\"" + dir + "\"", "MNT_POINTS=" + target));
        assertTrue(why.contains(target.toString()), why);
    }

    @Test
    void databaseIsThePgmeterNameOfOltp() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "rc", accessRc("Database", "\"" + dir + "\"", 1, "")));
        assertEquals("OLTP", c.access().specs().get(0).name());
    }

    @Test
    void debugOneIsANoteNotARefusal() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "rc", RcFiles.MINIMAL + "DEBUG=1\n"));
        assertEquals(1, c.warnings().stream().filter(w -> w.contains("DEBUG flag 1") && w.contains("obsolete and unused"))
                .count(), c.warnings().toString());
    }

    /** templates/sfs_access_rc says what the plan and docs/access-specs.md say: targets are filled once. */
    @Test
    void theAccessTemplateFillsTargetsOnce() throws Exception {
        String text = Files.readString(RcFiles.templates().resolve("sfs_access_rc"));
        assertTrue(text.contains("created and filled once, before the first step") && !text.contains("before each step"));
        assertTrue(Files.readString(Path.of(System.getProperty("sfs.home", "."), "docs/access-specs.md"))
                .contains("A test prepares its targets **once**"));
    }

    /** templates/sfs_nfs_rc and sfs_cifs_rc say BLOCK_FILE is refused when set, and it is. */
    @Test
    void blockFileIsWhatTheTemplatesSay() throws Exception {
        for (String t : List.of("sfs_nfs_rc", "sfs_cifs_rc")) {
            String text = Files.readString(RcFiles.templates().resolve(t));
            assertTrue(text.contains("not supported by sfsbench, refused when set") && !text.contains("recorded only"), t);
        }
        assertTrue(refusal(RcFiles.MINIMAL + "BLOCK_FILE=sizes.txt\n").contains("BLOCK_FILE=sizes.txt: not supported"));
    }
}
