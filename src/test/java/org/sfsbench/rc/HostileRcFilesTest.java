package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rc files that used to pass {@code sfs plan} and fail only after agents started (or echoed a
 * file's content): each is refused by the parser with file and line, and no content of another
 * file appears in the message.
 */
class HostileRcFilesTest {
    private static final String SECRET = "root:$6$s3cretHash:19000:0:99999:7:::";

    @TempDir
    Path dir;

    private RcException refused(String body) {
        Path rc = RcFiles.write(dir, "sfs_rc", body);
        return assertThrows(RcException.class, () -> RcParser.parse(rc));
    }

    private String posixRc(String mountPoint) {
        return String.join("\n", "LOAD=\"10 20\"", "PROCS=1", "CLIENTS=localhost", "FS_PROTOCOL=posix",
                "MNT_POINTS=\"" + mountPoint + "\"", "");
    }

    /** {@code mountPoints}: one, or the same twice (PROCS=1 and 2 clients) so it is not read as a file name. */
    private void assertLocalFolderRefused(String mountPoints, String why) {
        String body = posixRc(mountPoints);
        if (mountPoints.contains(" ")) {
            body = body.replace("CLIENTS=localhost", "CLIENTS=\"localhost localhost\"");
        }
        RcException e = refused(body);
        assertEquals(5, e.line(), e.getMessage());
        String first = mountPoints.split(" ")[0];
        assertTrue(e.getMessage().startsWith(dir.resolve("sfs_rc") + ":5: MNT_POINTS=" + mountPoints + ": folder "
                + first + " of client localhost " + why), e.getMessage());
    }

    @Test
    void localPosixMountPointsMustBeExistingFolders() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0);
        assertLocalFolderRefused(fifo.toString(), "is a FIFO, not a folder");
        assertLocalFolderRefused("/dev/zero", "is a character device, not a folder");
        Path a = dir.resolve("loop-a");
        Path b = dir.resolve("loop-b");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertLocalFolderRefused(a.toString(), "cannot be reached: a symbolic-link loop");
        assertLocalFolderRefused(dir.resolve("missing").toString(), "does not exist on this machine");
        Path file = RcFiles.write(dir, "plain", "x");
        assertLocalFolderRefused(file + " " + file, "is a regular file, not a folder");
        // a folder passes; a remote client's folders cannot be checked from here and are left to INIT
        RcParser.parse(RcFiles.write(dir, "ok_rc", posixRc(dir.toString())));
        RcParser.parse(RcFiles.write(dir, "remote_rc", posixRc("/dev/zero").replace("CLIENTS=localhost",
                "CLIENTS=client7.example")));
    }

    /** Agents of this machine take free loopback ports, so the top port with two clients is a valid setting. */
    @Test
    void topAgentPortWithTwoClientsIsValid() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL.replace("CLIENTS=\"localhost\"",
                "CLIENTS=\"localhost localhost\"") + "AGENT_PORT=65535\n"));
        assertEquals(65535, c.agentPort());
    }

    @Test
    void mountPointsFileEntriesAreCheckedWithTheirLine() {
        Path mnts = RcFiles.write(dir, "mnts", "# clients\nlocalhost /dev/zero\n");
        RcException e = refused(posixRc("mnts"));
        assertTrue(e.getMessage().startsWith(mnts + ":2: localhost: entry 1 (folder /dev/zero) is a character device"),
                e.getMessage());
    }

    @Test
    void aNulCharacterIsRefusedWithItsLine() {
        RcException e = refused(posixRc("/tmp/a\0b"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("contains a NUL character"), e.getMessage());
        Path mnts = RcFiles.write(dir, "mnts", "localhost /tmp/a\0b\n");
        e = refused(posixRc("mnts"));
        assertTrue(e.getMessage().startsWith(mnts + ":1: the mount-points file contains a NUL character"),
                e.getMessage());
    }

    @Test
    void otherFilesAreNamedWithTheirLineButNeverQuoted() {
        Path shadow = RcFiles.write(dir, "shadow", SECRET + "\nbin:*:19000:0:99999:7:::\n");
        RcException e = refused(RcFiles.MINIMAL + "MIXFILE=" + shadow + "\n");
        assertTrue(e.getMessage().startsWith(shadow + ":1: the first line must be exactly 'SFS MIXFILE VERSION 2'"),
                e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        Path mix = RcFiles.write(dir, "mix2", MixFile.HEADER + "\n" + SECRET + "\n");
        e = refused(RcFiles.MINIMAL + "MIXFILE=" + mix + "\n");
        assertTrue(e.getMessage().startsWith(mix + ":2: not an op line"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        Path mix3 = RcFiles.write(dir, "mix3", MixFile.HEADER + "\ns3cretword 100%\n");
        e = refused(RcFiles.MINIMAL + "MIXFILE=" + mix3 + "\n");
        assertTrue(e.getMessage().startsWith(mix3 + ":2: unknown op name"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());

        Path mnts = RcFiles.write(dir, "mnts", SECRET + " 127.0.0.1:/a 127.0.0.1:/b\n");
        e = refused(RcFiles.MINIMAL.replace("MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"", "MNT_POINTS=mnts"));
        assertTrue(e.getMessage().startsWith(mnts + ":1: the line's client name is not listed in CLIENTS"),
                e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        mnts = RcFiles.write(dir, "mnts", "localhost " + SECRET + " 127.0.0.1:/b\n");
        e = refused(RcFiles.MINIMAL.replace("MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"", "MNT_POINTS=mnts"));
        assertTrue(e.getMessage().startsWith(mnts + ":1: localhost: entry 1 is not a mount point"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    }

    @Test
    void devicesAndHugeFilesAreNotRead() throws Exception {
        RcException e = refused(RcFiles.MINIMAL + "MIXFILE=/dev/zero\n");
        assertTrue(e.getMessage().contains("MIXFILE=/dev/zero: /dev/zero is not a regular file (a character device)"), e.getMessage());
        Path big = dir.resolve("big_mix");
        Files.write(big, new byte[(int) TextFiles.MAX_BYTES + 1]);
        e = refused(RcFiles.MINIMAL + "MIXFILE=" + big + "\n");
        assertTrue(e.getMessage().startsWith(big + ": the MIXFILE has 1048577 bytes; sfsbench reads at most 1048576"),
                e.getMessage());
    }
}
