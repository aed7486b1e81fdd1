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
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.TempTree;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.RunsAlone;

/**
 * The engine's event loops on nfs3 against the shared loopback NFS-Ganesha, through sfsload: the
 * procs of one mount point run on several loops (threads) with every op counted once, and
 * 10,000 paced procs on one client, sharing a few connections per loop, finish without an error.
 */
@RunsAlone
class EventLoopsGaneshaIT {
    /** Procs of the many-procs run: the engine's most (SFS_CFG_MAX_PROCS). */
    static final int MANY = 10_000;
    /** RSS of the client per proc at most (issue 24's goal). */
    static final long MAX_KIB_PER_PROC = 512;
    /**
     * INIT writes one 4 KiB file per proc (randread); the bound catches a cost per proc that grows
     * with the procs (with one connection each, opening alone took minutes).
     */
    static final double MAX_INIT_S = 60;

    static String target;
    static Path nativeDir;
    static Path work;

    private static final Pattern TOTAL = Pattern.compile(
            "total ops=(\\d+) ops/s=([0-9.]+) mean_us=[0-9.]+ errors=(\\d+) .* maxrss_kb=(\\d+) .*"
                    + " init_s=([0-9.]+) threads=(\\d+)");
    private static final Pattern OP_LINE = Pattern.compile("(?m)^[a-z_A-Z0-9]+ +(\\d+) +[0-9.]+ ");

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.that("root".equals(System.getProperty("user.name")),
                "NFS-Ganesha's VFS FSAL needs root (open_by_handle_at)");
        Path classes = Path.of(EventLoopsGaneshaIT.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        nativeDir = classes.getParent().resolve("native");
        work = Files.createTempDirectory("sfs-loops");
        // nfs://...?nfsport=&mountport=: no portmapper connection at open
        target = GaneshaServer.defaultInstance().start().url();
    }

    @AfterAll
    static void removeWork() throws Exception {
        TempTree.remove(work);
    }

    static Path config(String name, int procs, double rate, String... extra) throws Exception {
        return config(name, "workload=sfs2008-nfs\nfileset_scale=0.0001", procs, rate, extra);
    }

    static Path config(String name, String workload, int procs, double rate, String... extra) throws Exception {
        StringBuilder b = new StringBuilder("backend=nfs3\n" + workload + "\nprocs=" + procs + "\n");
        b.append("target.0=").append(target).append("\nroot=sfs_loops_").append(name)
                .append("\nrate=").append(rate).append("\nseed=3\n");
        for (String e : extra) {
            b.append(e).append('\n');
        }
        Path p = work.resolve(name + ".cfg");
        Files.writeString(p, b.toString(), StandardCharsets.UTF_8);
        return p;
    }

    static ChildProcess.Result sfsload(long limitSeconds, Path cfg, String runSeconds) throws Exception {
        return ChildProcess.run(List.of(nativeDir.resolve("sfsload").toString(), "-q", "-w", "1", "-t",
                runSeconds, cfg.toString()), Map.of(), limitSeconds, TimeUnit.SECONDS);
    }

    @Test
    void procsOfOneMountPointRunOnSeveralLoopsAndEveryOpIsCountedOnce() throws Exception {
        ChildProcess.Result r = sfsload(60, config("three", 6, 25, "loops=3"), "3");
        assertEquals(0, r.exit(), r.toString());
        Matcher m = TOTAL.matcher(r.output());
        assertTrue(m.find(), r.output());
        assertEquals(0, Long.parseLong(m.group(3)), r.output());
        assertEquals(1 + 3, Integer.parseInt(m.group(6)), "sfsload's thread and 3 event loops:\n" + r.output());
        long total = Long.parseLong(m.group(1)), sum = 0;
        Matcher ops = OP_LINE.matcher(r.output().substring(0, m.start()));
        while (ops.find()) {
            sum += Long.parseLong(ops.group(1));
        }
        assertEquals(total, sum, "the ops of every op line add up to the total:\n" + r.output());
        double want = 6 * 25 * 3;
        assertTrue(Math.abs(total - want) <= 0.03 * want, total + " ops of " + want + " intended:\n" + r.output());
    }

    @Test
    void tenThousandPacedProcsOnOneClientFinishWithoutErrors() throws Exception {
        // 0.25 op/s per proc for 4 s: one op of every proc intended in RUN, 2,500 ops/s in all
        // randread over one 4 KiB file per proc: 10,000 files, few enough for the shared server's
        // open-file cache (the SFS mix's 45 objects per proc took 450,000 and Ganesha near its fd limit)
        String workload = "workload=randread\nxfer_size=4096\nworking_set=" + (MANY * 4096L);
        ChildProcess.Result r = sfsload(150, config("many", workload, MANY, 0.25, "loops=2"), "4");
        assertEquals(0, r.exit(), r.toString());
        Matcher m = TOTAL.matcher(r.output());
        assertTrue(m.find(), r.output());
        long total = Long.parseLong(m.group(1));
        double kibPerProc = Long.parseLong(m.group(4)) / (double) MANY;
        double init = Double.parseDouble(m.group(5));
        System.out.printf("%d paced nfs3 procs: %d ops, %.1f ops/s, %.0f KiB RSS per proc, INIT %.1f s, "
                + "%d threads, %.1f s in all%n", MANY, total, Double.parseDouble(m.group(2)), kibPerProc,
                init, Integer.parseInt(m.group(6)), r.seconds());
        assertEquals(0, Long.parseLong(m.group(3)), r.output());
        assertEquals(3, Integer.parseInt(m.group(6)), "2 event loops for all procs:\n" + r.output());
        assertTrue(total >= 0.95 * MANY && total <= 2L * MANY, total + " ops:\n" + r.output());
        assertTrue(kibPerProc <= MAX_KIB_PER_PROC, kibPerProc + " KiB per proc:\n" + r.output());
        assertTrue(init <= MAX_INIT_S, "INIT took " + init + " s:\n" + r.output());
    }
}
