package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Sfs;

/**
 * A file system too small for the file set is refused before any file of it is created: a posix
 * folder by {@code sfs plan} and {@code sfs run} (exit 2, the client, mount point, need and free space
 * named), and an NFS export and an SMB share on the same kind of 64 MiB loop-mounted ext4 by the
 * engine's check before INIT (FSSTAT through the backend), which ends the run naming the target.
 * The file set asked for is 10 x 120 MiB x 0.1 = 120 MiB (+10 % growth).
 */
class SpaceIT {
    private static final String TOO_BIG = "LOAD=10\nFILESET_SCALE=0.1\n";

    @Test
    void posixFolderTooSmallIsRefusedAtPlanTime(@TempDir Path dir) throws Exception {
        try (LoopFs fs = LoopFs.mount(dir.resolve("img"), dir.resolve("mnt"))) {
            Path rc = rc(dir, "posix", fs.dir().toString(), "");
            ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
            assertEquals(2, plan.waitFor(60), plan.output());
            assertNeedAndFree(plan.output(), fs.dir().toString());
            assertTrue(plan.output().contains("localhost"), "names the client: " + plan.output());
            ChildProcess run = Sfs.start(dir.resolve("run.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "sp",
                    "-d", dir.resolve("results").toString());
            assertEquals(2, run.waitFor(60), run.output());
            assertNeedAndFree(run.output(), fs.dir().toString());
            assertEquals(List.of("lost+found"), names(fs.dir()), "nothing created");
        }
    }

    @Test
    void nfsExportTooSmallIsRefusedBeforeInit(@TempDir Path dir) throws Exception {
        try (LoopFs fs = LoopFs.mount(dir.resolve("img"), dir.resolve("ganesha"))) {
            GaneshaServer g = new GaneshaServer(fs.dir()).start();
            try {
                String out = failedRun(dir, rc(dir, "nfs", g.url(), ""));
                assertNeedAndFree(out, g.url());
                assertNoFiles(g.exportDir());
            } finally {
                g.stop();
            }
        }
    }

    @Test
    void smbShareTooSmallIsRefusedBeforeInit(@TempDir Path dir) throws Exception {
        int port = 20000 + ThreadLocalRandom.current().nextInt(20000);
        String name = "space";
        try (LoopFs fs = LoopFs.mount(dir.resolve("img"), Path.of("/tmp/sfs-samba-" + name + "-" + port))) {
            // the free-space check needs no security descriptors: no queueing for port 445
            SambaServer s = SambaServer.startWithout445(name, port);
            try {
                String share = s.env.get("TARGET");
                // each client library reads the share's free space its own way
                for (String client : List.of("libsmb2", "libsmbclient")) {
                    Path d = Files.createDirectories(dir.resolve(client));
                    String out = failedRun(d, rc(d, "cifs", share, "USERNAME=" + s.env.get("USER") + "\nPASSWORD="
                            + s.env.get("PASSWORD") + "\nDOMAIN=" + s.env.get("DOMAIN") + "\nSMB_CLIENT=" + client
                            + "\n"));
                    assertNeedAndFree(out, share);
                    assertNoFiles(fs.dir().resolve("share"));
                }
            } finally {
                s.stop();
            }
        }
    }

    private static Path rc(Path dir, String protocol, String mnt, String extra) throws IOException {
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, "FS_PROTOCOL=" + protocol + "\nCLIENTS=\"localhost\"\nPROCS=1\nMNT_POINTS=\"" + mnt
                + "\"\n" + TOO_BIG + "WARMUP_TIME=1\nRUNTIME=2\nSAMPLE_INTERVAL=1\nAGENT_PORT="
                + (21000 + ThreadLocalRandom.current().nextInt(20000)) + "\n" + extra, StandardCharsets.UTF_8);
        return rc;
    }

    private static String failedRun(Path dir, Path rc) throws Exception {
        ChildProcess run = Sfs.start(dir.resolve("run.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "sp", "-d",
                dir.resolve("results").toString());
        int status = run.waitFor(240);
        String out = run.output();
        assertTrue(status != 0, out);
        assertFalse(out.contains("INIT done"), out);
        return out;
    }

    /** "needs 132.0 MiB ... 5x.x MiB free": the need is the 120 MiB file set + 10 %, the free space below it. */
    private static void assertNeedAndFree(String out, String target) {
        assertTrue(out.contains(target), "names the target " + target + ": " + out);
        Matcher m = Pattern.compile("needs ([0-9.]+) MiB \\(file set \\+ 10 % growth\\), ([0-9.]+) MiB free")
                .matcher(out);
        assertTrue(m.find(), out);
        double need = Double.parseDouble(m.group(1)), free = Double.parseDouble(m.group(2));
        assertTrue(need > 120 && need < 140, "need " + need);
        assertTrue(free > 10 && free < 64, "free " + free);
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Folders may exist (each proc's root is made when the backend opens), and the backend's own
     * .sfs_* handle files (smb opens one for the share's size information); data files may not.
     */
    private static void assertNoFiles(Path d) throws IOException {
        try (Stream<Path> s = Files.walk(d)) {
            List<Path> files = s.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith(".sfs_")).toList();
            assertEquals(List.of(), files, "no file of the file set under " + d);
        }
    }
}
