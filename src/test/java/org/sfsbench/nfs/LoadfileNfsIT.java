package org.sfsbench.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.TempTree;

/**
 * workload=loadfile with backend nfs3 against NFS-Ganesha on loopback: two clients replay the
 * test loadfiles (client.txt format with handles on paths, and the timestamped NFSv3 names) with
 * every expected status met; ops NFSv3 cannot express are listed as not issued, not as errors.
 */
class LoadfileNfsIT {
    static GaneshaServer server;
    static Path work;
    static Path home = Path.of(System.getProperty("sfs.home", "."));

    private static final Pattern TOTAL = Pattern.compile("total ops=(\\d+) .* errors=(\\d+)");

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.that("root".equals(System.getProperty("user.name")),
                "NFS-Ganesha's VFS FSAL needs root (open_by_handle_at)");
        work = Files.createTempDirectory("sfs-loadfile-nfs");
        server = new GaneshaServer(work.resolve("ganesha"));
        server.start();
    }

    @AfterAll
    static void stopGanesha() throws Exception {
        if (server != null) {
            server.stop();
        }
        TempTree.remove(work);
    }

    private static ChildProcess.Result replay(String fixture, int passes) throws Exception {
        String cfg = String.join("\n", "backend=nfs3", "workload=loadfile",
                "loadfile=" + home.resolve("native/tests/loadfiles/" + fixture), "loadfile_passes=" + passes,
                "procs=2", "target.0=" + server.url(), "target.1=" + server.url(), "root=lf", "");
        Path p = work.resolve(fixture + ".cfg");
        Files.writeString(p, cfg, StandardCharsets.UTF_8);
        Path sfsload = Path.of(LoadfileNfsIT.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getParent().resolve("native/sfsload");
        return ChildProcess.run(List.of(sfsload.toString(), "-t", "60", "-q", p.toString()), Map.of(), 120, TimeUnit.SECONDS);
    }

    private static long[] totals(ChildProcess.Result r) {
        assertEquals(0, r.exit(), r.toString());
        Matcher m = TOTAL.matcher(r.output());
        assertTrue(m.find(), r.output());
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    @Test
    void clientTxtFormatReplaysOnPathsWithoutErrors() throws Exception {
        ChildProcess.Result r = replay("classic.txt", 5);
        long[] t = totals(r);
        assertEquals(0, t[1], r.output());
        assertTrue(t[0] > 2000, r.output());
        // Close of a handle that wrote nothing and LockX/UnlockX have no NFSv3 request
        assertTrue(r.output().contains("error op=CLOSE status=2147418113")
                && r.output().contains("error op=LOCKING_ANDX status=2147418113"), r.output());
        assertTrue(r.output().contains("wrcache") && r.output().contains("commit"), r.output());
    }

    @Test
    void timestampedNfsNamesReplayWithoutErrors() throws Exception {
        ChildProcess.Result r = replay("nfs.load", 20);
        long[] t = totals(r);
        assertEquals(0, t[1], r.output());
        assertTrue(t[0] > 2000 && r.output().contains("symlink") && r.output().contains("readlink"), r.output());
    }
}
