package org.sfsbench.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.TempTree;

/**
 * The nfs3 client against a real NFS-Ganesha started on loopback by
 * src/test/servers/ganesha.sh in @BeforeAll and stopped in @AfterAll.
 */
class GaneshaNfs3IT {
    static GaneshaServer server;
    static Path nativeDir;

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.that("root".equals(System.getProperty("user.name")),
                "NFS-Ganesha's VFS FSAL needs root (open_by_handle_at)");
        // target/test-classes -> target (the -Dsfs.build.dir folder) -> native build
        Path classes = Path.of(GaneshaNfs3IT.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        nativeDir = classes.getParent().resolve("native");
        server = new GaneshaServer(Files.createTempDirectory("sfs-ganesha-test"));
        server.start();
    }

    @AfterAll
    static void stopGanesha() throws Exception {
        if (server != null) {
            server.stop();
            TempTree.remove(server.dir);
        }
    }

    static ChildProcess.Result tool(long seconds, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(nativeDir.resolve(args[0]).toString());
        cmd.addAll(List.of(args).subList(1, args.length));
        return ChildProcess.run(cmd, Map.of(), seconds, TimeUnit.SECONDS);
    }

    @Test
    void everyProcedureWorksThroughTheNfsUrl() throws Exception {
        ChildProcess.Result r = tool(60, "nfs3_live_test", server.url(), "live-url");
        assertEquals(0, r.exit(), r.toString());
        assertFalse(r.output().contains("FAIL"), r.output());
        for (String op : List.of("null", "getattr", "setattr", "root", "lookup", "readlink",
                "read", "wrcache", "write", "create", "remove", "rename", "link", "symlink",
                "mkdir", "rmdir", "readdir", "fsstat", "access", "commit", "fsinfo", "mknod",
                "pathconf", "readdirplus")) {
            assertTrue(r.output().contains("PASS " + op + " "), op + " not checked:\n" + r.output());
        }
    }

    @Test
    void portmapperTargetMounts() throws Exception {
        // host:/export finds MOUNT and NFS through rpcbind, which maps the default instance;
        // other tests may be using it at the same time, so it is left running (bin/test stops it)
        GaneshaServer standard = GaneshaServer.defaultInstance().start();
        ChildProcess.Result r = tool(60, "nfs3_live_test", standard.target(), "live-pmap-" + ProcessHandle.current().pid());
        assertEquals(0, r.exit(), r.toString());
    }

    @Test
    void authSysIdsAreTheConfiguredOnes() throws Exception {
        ChildProcess.Result r = tool(60, "nfs3_live_test", server.url(), "live-ids", "4321", "8765");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("PASS credentials new file owned by 4321:8765"), r.output());
        // and on the server's disk: the proc folder made over NFS belongs to them
        Path made = server.exportDir().resolve("live-ids");
        assertEquals(4321, Files.getAttribute(made, "unix:uid"), made.toString());
        assertEquals(8765, Files.getAttribute(made, "unix:gid"), made.toString());
    }

    @Test
    void missingExportIsAClearErrorAtOpen() throws Exception {
        String url = server.url().replace(server.exportDir().toString(), "/no/such/export");
        ChildProcess.Result r = tool(30, "nfs3_live_test", url);
        assertNotEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("cannot mount") && r.output().contains("/no/such/export")
                && r.output().contains("MNT3ERR"), r.output());
    }

    @Test
    void wrongPortIsAClearErrorAtOpen() throws Exception {
        int closed = 1;   // tcpmux: nothing listens there on a test machine
        String url = server.url().replace("nfsport=" + server.port(), "nfsport=" + closed);
        ChildProcess.Result r = tool(30, "nfs3_live_test", url);
        assertNotEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("cannot mount") && r.output().contains("127.0.0.1:" + closed)
                && r.output().contains("refused"), r.output());
        assertTrue(r.seconds() < 10, "must fail fast: " + r);
    }
}
