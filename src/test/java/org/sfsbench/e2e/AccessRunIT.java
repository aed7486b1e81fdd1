package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.AccessCsv;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.Exclusive;

/**
 * WORKLOAD=access through {@code sfs run} on posix (an Iometer .icf, queue depths 1 and 8), on
 * NFSv3 against NFS-Ganesha (pipelined RPCs, depths 1 and 8) and on SMB against smbd (libsmb2's
 * pipelined requests, depths 1 and 4): every step without errors, one sfsresult.json entry per step, the Iometer
 * results.csv layout, and the outstanding I/Os really reached (IOPS x mean response time).
 */
@Exclusive(Exclusive.SAMBA_445)
class AccessRunIT {

    private static Path rc(Path dir, String protocol, String mnt, String specs, String depths, String extra)
            throws Exception {
        Path rc = dir.resolve("rc");
        Files.writeString(rc, String.join("\n", "WORKLOAD=access", "ACCESS_SPECS=" + specs,
                "OUTSTANDING_IOS=\"" + depths + "\"", "RAMP_UP_TIME=1", "RUNTIME=2", "PROCS=2", "CLIENTS=localhost",
                "FS_PROTOCOL=" + protocol, "MNT_POINTS=\"" + mnt + " " + mnt + "\"", "SAMPLE_INTERVAL=1", extra, ""));
        return rc;
    }

    private static List<Map<String, String>> runClean(Path dir, Path rc, int steps) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "a", "-d",
                results.toString());
        int status = run.waitFor(300);
        String out = run.output();
        assertEquals(0, status, out);
        assertTrue(out.contains("access steps"), out);
        JsonNode points = new ObjectMapper().readTree(results.resolve("sfsresult.a.json").toFile()).get("loadPoints");
        assertEquals(steps, points.size(), out);
        for (JsonNode p : points) {
            assertEquals(0, p.get("failedOps").asLong(), p.toString());
            assertTrue(p.get("achievedOpsPerSec").asDouble() > 0, p.toString());
            assertTrue(p.get("throughputMBps").asDouble() > 0, p.toString());
            // RUNTIME=2 measured per step (the ramp of 1 s is not)
            double secs = p.get("seconds").asDouble();
            assertTrue(secs >= 1.9 && secs < 3, "measured " + secs + " s: " + p);
        }
        for (int k = 1; k <= steps; k++) {
            assertTrue(out.contains("Step " + k + " of " + steps + ": "), out);
        }
        // the targets are prepared once for all the steps (Iometer's iobw.tst), not per step
        String log = Files.readString(results.resolve("sfslog.a"));
        assertEquals(1, log.split("INIT done", -1).length - 1, log);
        List<Map<String, String>> rows = AccessCsv.allRows(results.resolve("access.a.csv"));
        assertEquals(steps, rows.size(), out);
        for (Map<String, String> r : rows) {
            assertEquals("0", r.get("Errors"), r.toString());
            double iops = Double.parseDouble(r.get("IOps"));
            double read = Double.parseDouble(r.get("Read IOps"));
            double write = Double.parseDouble(r.get("Write IOps"));
            assertTrue(iops > 0 && Math.abs(iops - read - write) < 1e-3 * iops, r.toString());
            assertTrue(Double.parseDouble(r.get("MiBps (Binary)")) > 0, r.toString());
            // the clients' CPU over the step's RUN: busy = user + system, within the host
            double cpu = Double.parseDouble(r.get("% CPU Utilization"));
            assertTrue(cpu > 0 && cpu <= 100, r.toString());
            assertEquals(cpu, Double.parseDouble(r.get("% User Time")) + Double.parseDouble(r.get("% Privileged Time")),
                    1e-5, r.toString());
            assertEquals(iops / cpu, Double.parseDouble(r.get("CPU Effectiveness")), 1e-3 * iops / cpu, r.toString());
        }
        for (JsonNode p : points) {
            JsonNode cpu = p.get("cpu");
            assertTrue(cpu != null && cpu.get("processUsecPerOp").asDouble() > 0, "client CPU per step: " + p);
        }
        assertTrue(Files.readString(results.resolve("access.a.txt")).contains("MiB/s"));
        String html = Files.readString(results.resolve("access.a.html"));
        assertEquals(steps, (html.split("class=\"access-point", -1).length - 1) / 2, "a marker per step in each chart");
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
        return rows;
    }

    private static double achievedDepth(Map<String, String> row) {
        return Double.parseDouble(row.get("Achieved Queue Depth"));
    }

    @Test
    void posixIcfWithTwoWorkers(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path icf = Sfs.home().resolve("src/test/resources/access/queue_cycle_2006.icf");
        // OUTSTANDING_IOS overrides the .icf's 1..32 cycling: 2 specs x 2 depths
        List<Map<String, String>> rows = runClean(dir, rc(dir, "posix", mnt.toString(), icf.toString(), "1 8", ""), 4);
        assertEquals("OLTP 8K", rows.get(0).get("Access Specification Name"));
        assertEquals("Seq 64K write", rows.get(3).get("Access Specification Name"));
        assertEquals("8", rows.get(3).get("Queue Depth"));
        assertEquals("32768", rows.get(0).get("Maximum Size"));
        assertEquals("8", rows.get(0).get("Starting Sector"));
        assertEquals("0.000000", rows.get(3).get("Read IOps"), "the 64 KiB spec only writes");
        assertTrue(Files.size(mnt.resolve("sfs_a/p0001/iobw.tst")) == 32768L * 512 + 8 * 512);
    }

    /** An existing file as the posix target: tested in place, nothing created beside it. */
    @Test
    void posixExistingFileInPlace(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("disk.img");
        byte[] data = new byte[4 << 20];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        Files.write(target, data);
        Path specs = Files.writeString(dir.resolve("specs.txt"), "[reads]\n4k 100 100 100\n[mixed]\n8k 100 50 50\n");
        // the second spec writes: refused before anything starts without ACCESS_TARGET_WRITES
        Path rc = rc(dir, "posix", target.toString(), specs.toString(), "1 4", "");
        ChildProcess refused = Sfs.start(dir.resolve("refused.txt"), Map.of(), "run", "-r", rc.toString(), "-s",
                "a", "-d", dir.resolve("refused").toString());
        assertTrue(refused.waitFor(120) != 0, refused.output());
        assertTrue(refused.output().contains("ACCESS_TARGET_WRITES") && !refused.output().contains("Step 1"),
                refused.output());
        assertTrue(java.util.Arrays.equals(data, Files.readAllBytes(target)), "a refused run leaves the file alone");
        runClean(dir, rc(dir, "posix", target.toString(), specs.toString(), "1 4", "ACCESS_TARGET_WRITES=yes"), 4);
        assertEquals(4L << 20, Files.size(target), "tested whole, not grown");
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("sfs_")), "no benchmark folder made");
        }
    }

    @Test
    void nfsAgainstGaneshaPipelined(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        List<Map<String, String>> rows = runClean(dir, rc(dir, "nfs", env.get("SFS_NFS_TARGET"), "OLTP", "1 8",
                "ACCESS_FILE_SIZE=8m"), 2);
        assertTrue(achievedDepth(rows.get(0)) < 1.5, rows.get(0).toString());
        // 8 RPCs in flight per worker: Little's law sees most of them
        assertTrue(achievedDepth(rows.get(1)) > 4, rows.get(1).toString());
    }

    @Test
    void smbAgainstSambaPipelined(@TempDir Path dir) throws Exception {
        SambaServer samba = SambaServer.start("access-it");
        try {
            Map<String, String> env = samba.env;
            List<Map<String, String>> rows = runClean(dir, rc(dir, "cifs", env.get("TARGET"), "Workstation", "1 4",
                    "ACCESS_FILE_SIZE=8m\nUSERNAME=" + env.get("USER") + "\nPASSWORD=" + env.get("PASSWORD")
                            + "\nDOMAIN=" + env.get("DOMAIN")), 2);
            assertTrue(achievedDepth(rows.get(0)) < 1.5, rows.get(0).toString());
            // libsmb2 (the default client) keeps 4 requests of each worker in flight on the connection
            assertTrue(achievedDepth(rows.get(1)) > 2, rows.get(1).toString());
        } finally {
            samba.stopAndRemove();
        }
    }
}
