package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * Paced 3-point runs through {@code sfs run} against the real loopback servers the project's
 * scripts start: NFS-Ganesha (NFSv3) and Samba smbd (SMB2/3). Errors must be 0 and achieved
 * within 2 % of requested; server faults must end the run with a clear message and kept results.
 */
@Exclusive(Exclusive.SAMBA_445)
class ProtocolRunIT {
    /** One smbd for the class's SMB cases: none of them changes the server. */
    static SambaServer samba;

    @BeforeAll
    static void startSamba() throws Exception {
        samba = SambaServer.start("protocol-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (samba != null) {
            samba.stopAndRemove();
        }
    }

    private static Path rc(Path dir, String protocol, String mnt, String loads, int runtime, String extra)
            throws Exception {
        return TestRc.write(dir, protocol, "localhost", 2, mnt, loads, 2, runtime, extra);
    }

    private static void assertPacedRunClean(Path dir, Path rc, String protocolColumn) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "p", "-d",
                results.toString());
        int status = run.waitFor(300);
        String out = run.output();
        assertEquals(0, status, out);
        List<String> rows = Files.readAllLines(results.resolve("sfssum.p"));
        assertEquals(3, rows.size(), out);
        int[] requested = {20, 40, 60};
        for (int i = 0; i < 3; i++) {
            String[] col = rows.get(i).trim().split("\\s+");
            assertEquals(requested[i], Integer.parseInt(col[0]));
            double achieved = Double.parseDouble(col[3]) / Double.parseDouble(col[4]);
            assertTrue(Math.abs(achieved - requested[i]) <= 0.02 * requested[i] + 0.5,
                    "row " + (i + 1) + " achieved " + achieved + " of " + requested[i] + ": " + rows.get(i));
            assertEquals(protocolColumn, col[5]);
        }
        String res = Files.readString(results.resolve("sfsres.p"));
        assertFalse(res.contains("RUN INCOMPLETE"), res);
        String clientLog = Files.readString(results.resolve("sfsc0001.p"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("RESULT point=\\d+ worker=\\d+ procs=\\d+ ops=(\\d+) errors=(\\d+)")
                .matcher(clientLog);
        int points = 0;
        while (m.find()) {
            points++;
            assertTrue(Long.parseLong(m.group(1)) > 0, m.group());
            assertEquals(0, Long.parseLong(m.group(2)), "failed ops: " + m.group());
        }
        assertEquals(3, points, "a RESULT line per load point in the client log");
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    @Test
    void nfsAgainstGanesha(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        String target = env.get("SFS_NFS_TARGET");
        assertPacedRunClean(dir, rc(dir, "nfs", target + " " + target, "20 40 60", 6, ""), "NFS3");
    }

    @Test
    void nfsServerKilledMidRunEndsCleanly(@TempDir Path dir) throws Exception {
        // a private server: the kill must not reach the shared one other tests use
        GaneshaServer server = new GaneshaServer(dir.resolve("ganesha")).start();
        String target = server.url();
        // RUNTIME=6: the kill comes 2 s into point 2's RUN, 4 s before that point could finish
        Path rc = rc(dir, "nfs", target + " " + target, "20 40", 6, "");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "k", "-d",
                dir.resolve("results").toString());
        Path log = dir.resolve("results/sfslog.k");
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline
                && !(Files.exists(log) && Files.readString(log).contains("load point 2: RUN"))) {
            Thread.sleep(200);
        }
        Thread.sleep(2000);
        try {
            ProcessHandle.of(server.pid()).ifPresent(ProcessHandle::destroyForcibly);
            int status = run.waitFor(120);
            String out = run.output();
            assertNotEquals(0, status, out);
            assertTrue(out.contains("127.0.0.1"), "the message names the server: " + out);
            assertEquals(1, Files.readAllLines(dir.resolve("results/sfssum.k")).size(), "point 1 kept");
            assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
        } finally {
            server.stop();
        }
    }

    @Test
    void nfsExportThatDoesNotExist(@TempDir Path dir) throws Exception {
        GaneshaServer.defaultInstance().start();
        Path rc = rc(dir, "nfs", "127.0.0.1:/no/such/export 127.0.0.1:/no/such/export", "20", 2, "");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "x", "-d",
                dir.resolve("results").toString());
        assertEquals(1, run.waitFor(120));
        assertTrue(run.output().contains("/no/such/export"), run.output());
    }

    @Test
    void cifsAgainstSamba(@TempDir Path dir) throws Exception {
        Map<String, String> env = samba.env;
        String share = env.get("TARGET");
        Path rc = rc(dir, "cifs", share + " " + share, "20 40 60", 6, "USERNAME=" + env.get("USER") + "\nPASSWORD="
                + env.get("PASSWORD") + "\nDOMAIN=" + env.get("DOMAIN"));
        assertPacedRunClean(dir, rc, "CIFS");
        String password = env.get("PASSWORD");
        for (Path f : Files.list(dir.resolve("results")).toList()) {
            if (Files.isRegularFile(f)) {
                assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(password),
                        "password appears in " + f);
            }
        }
    }

    @Test
    void cifsWrongPassword(@TempDir Path dir) throws Exception {
        Map<String, String> env = samba.env;
        String share = env.get("TARGET");
        String wrong = "Wrong-" + Long.toHexString(System.nanoTime());
        Path rc = rc(dir, "cifs", share + " " + share, "20", 2,
                "USERNAME=" + env.get("USER") + "\nPASSWORD=" + wrong + "\nDOMAIN=" + env.get("DOMAIN"));
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "w", "-d",
                dir.resolve("results").toString());
        assertEquals(1, run.waitFor(120));
        String out = run.output();
        assertFalse(out.contains(wrong), "password in the output: " + out);
        assertTrue(out.toLowerCase(java.util.Locale.ROOT).contains("logon") || out.contains("denied")
                || out.contains("authentication") || out.contains("EACCES") || out.contains("permission"), out);
    }

    private static void assertValidationPasses(Path dir, Path rc) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess v = Sfs.start(dir.resolve("val.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "v", "-v", "2", "-d",
                results.toString());
        int status = v.waitFor(180);
        String out = v.output();
        assertEquals(0, status, out);
        assertTrue(out.contains("SFS protocol validation completed successfully."), out);
        String report = Files.readString(results.resolve("sfsval.v"));
        assertTrue(report.contains("PASS"), report);
        assertFalse(report.contains("FAIL "), report);
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    @Test
    void nfsValidationPassesOnGanesha(@TempDir Path dir) throws Exception {
        String target = GaneshaServer.defaultInstance().start().target();
        assertValidationPasses(dir, rc(dir, "nfs", target + " " + target, "20", 2, ""));
    }

    @Test
    void cifsValidationPassesOnSamba(@TempDir Path dir) throws Exception {
        Map<String, String> env = samba.env;
        String share = env.get("TARGET");
        assertValidationPasses(dir, rc(dir, "cifs", share + " " + share, "20", 2, "USERNAME=" + env.get("USER")
                + "\nPASSWORD=" + env.get("PASSWORD") + "\nDOMAIN=" + env.get("DOMAIN")));
    }
}
