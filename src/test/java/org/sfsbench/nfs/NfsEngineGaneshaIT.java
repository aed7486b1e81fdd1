package org.sfsbench.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
 * The engine with backend nfs3 against a real NFS-Ganesha, started on loopback by
 * src/test/servers/ganesha.sh in @BeforeAll and stopped in @AfterAll; driven through the C
 * driver sfsload (paced runs, validation, faults).
 */
class NfsEngineGaneshaIT {
    static GaneshaServer server;
    static Path nativeDir;
    static Path work;

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.that("root".equals(System.getProperty("user.name")),
                "NFS-Ganesha's VFS FSAL needs root (open_by_handle_at)");
        Path classes = Path.of(NfsEngineGaneshaIT.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        nativeDir = classes.getParent().resolve("native");
        work = Files.createTempDirectory("sfs-nfs-engine");
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

    static Path config(String name, int procs, double ratePerProc, String... extra) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("backend=nfs3\nworkload=sfs2008-nfs\nprocs=").append(procs).append('\n');
        for (int i = 0; i < procs; i++) {
            b.append("target.").append(i).append('=').append(server.url()).append('\n');
        }
        b.append("root=").append(name).append("\nrate=").append(ratePerProc)
                .append("\nfileset_scale=0.001\nbiod_reads=2\nbiod_writes=2\nseed=5\n");
        for (String e : extra) {
            b.append(e).append('\n');
        }
        Path p = work.resolve(name + ".cfg");
        Files.writeString(p, b.toString(), StandardCharsets.UTF_8);
        return p;
    }

    static ChildProcess.Result sfsload(long limitSeconds, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(nativeDir.resolve("sfsload").toString());
        cmd.addAll(List.of(args));
        return ChildProcess.run(cmd, Map.of(), limitSeconds, TimeUnit.SECONDS);
    }

    private static final Pattern TOTAL =
            Pattern.compile("total ops=(\\d+) ops/s=([0-9.]+) mean_us=[0-9.]+ errors=(\\d+)");

    @Test
    void pacedRunOfThreeLoadPointsHasNoErrorsAndReachesTheRequestedRate() throws Exception {
        for (int rate : new int[] {20, 40, 60}) {
            Path cfg = config("paced" + rate, 2, rate);
            ChildProcess.Result r = sfsload(90, "-w", "1", "-t", "5", "-q", cfg.toString());
            assertEquals(0, r.exit(), r.toString());
            Matcher m = TOTAL.matcher(r.output());
            assertTrue(m.find(), r.output());
            double achieved = Double.parseDouble(m.group(2));
            double requested = 2.0 * rate;
            assertEquals(0, Long.parseLong(m.group(3)), "errors at " + requested + " ops/s:\n" + r.output());
            assertTrue(Math.abs(achieved - requested) <= 0.02 * requested,
                    "achieved " + achieved + " ops/s of " + requested + " requested:\n" + r.output());
        }
    }

    @Test
    void validationPassesEveryNfsProcedure() throws Exception {
        ChildProcess.Result r = sfsload(60, "-v", config("validate", 1, 0).toString());
        assertEquals(0, r.exit(), r.toString());
        assertFalse(r.output().contains("FAIL"), r.output());
        for (String op : List.of("null", "root", "mkdir", "create", "lookup", "write", "getattr",
                "read", "wrcache", "commit", "setattr", "access", "link", "symlink", "readlink",
                "mknod", "readdir", "readdirplus", "rename", "remove", "fsstat", "fsinfo",
                "pathconf", "rmdir")) {
            assertTrue(r.output().contains("PASS " + op + " "), op + " not validated:\n" + r.output());
        }
    }

    @Test
    void missingExportFailsAtOpenNamingTheTarget() throws Exception {
        Path cfg = config("missing", 1, 10);
        String text = Files.readString(cfg).replace(server.exportDir().toString(), "/no/such/export");
        Files.writeString(cfg, text);
        ChildProcess.Result r = sfsload(30, "-t", "1", "-q", cfg.toString());
        assertNotEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("/no/such/export") && r.output().contains("cannot mount")
                && r.output().contains("MNT3ERR"), r.output());
    }

    @Test
    void wrongPortFailsAtOpenNamingThePort() throws Exception {
        Path cfg = config("wrongport", 1, 10);
        String text = Files.readString(cfg).replace("nfsport=" + server.port(), "nfsport=1");
        Files.writeString(cfg, text);
        ChildProcess.Result r = sfsload(30, "-t", "1", "-q", cfg.toString());
        assertNotEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("127.0.0.1:1 failed: Connection refused"), r.output());
    }

    @Test
    void serverKilledMidRunFailsThePhaseNamingTheServer() throws Exception {
        Path cfg = config("killed", 2, 50);
        List<String> cmd = List.of(nativeDir.resolve("sfsload").toString(), "-w", "1", "-t", "60",
                "-q", cfg.toString());
        ChildProcess run = ChildProcess.start(cmd, Map.of());
        try {
            Thread.sleep(4000);   // INIT of the small file set and warm-up are done by then
            new ProcessBuilder("kill", "-KILL", Long.toString(server.pid())).start().waitFor();
            long killed = System.nanoTime();
            ChildProcess.Result r = run.await(30, TimeUnit.SECONDS);
            double after = (System.nanoTime() - killed) / 1e9;
            assertNotEquals(-1, r.exit(), "sfsload hung after the server died: " + r);
            assertNotEquals(0, r.exit(), r.toString());
            assertTrue(after < 10, "took " + after + " s to notice: " + r);
            assertTrue(r.output().contains("NFS server 127.0.0.1, export " + server.exportDir()
                    + ": connection lost"), r.output());
        } finally {
            server.start();   // fresh server for the other tests
        }
    }

    @Test
    void hungServerTimesOutWithAClearError() throws Exception {
        // nfs3drive uses a 5 s RPC timeout (the engine's is 30 s)
        List<String> cmd = List.of(nativeDir.resolve("nfs3drive").toString(), server.url(),
                "getattr", "60", "depth=2");
        ChildProcess run = ChildProcess.start(cmd, Map.of());
        String pid = Long.toString(server.pid());
        try {
            Thread.sleep(1500);
            new ProcessBuilder("kill", "-STOP", pid).start().waitFor();
            ChildProcess.Result r = run.await(30, TimeUnit.SECONDS);
            assertEquals(3, r.exit(), r.toString());
            assertTrue(r.output().contains("NFS server 127.0.0.1, export " + server.exportDir()
                    + ": no reply within 5 s"), r.output());
        } finally {
            new ProcessBuilder("kill", "-CONT", pid).start().waitFor();
        }
    }
}
