package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RcFiles;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;

/**
 * Plan-time checks through the engine's own sizing: the need per target follows the rules of
 * docs/workloads.md (Space), impossible sizes and DIRECT_IO that cannot work are refused with the
 * reason, and a posix data set smaller than this machine's memory draws the page-cache warning.
 */
class PlanChecksTest {
    @TempDir
    Path dir;

    private RunConfig rc(String body) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        return RcParser.parse(RcFiles.write(dir, "sfs_rc", "FS_PROTOCOL=posix\nCLIENTS=\"localhost\"\nMNT_POINTS=\""
                + mnt + "\"\n" + body));
    }

    @Test
    void sfsFileSetPlusGrowthPerTarget() throws Exception {
        RunConfig c = rc("PROCS=1\nLOAD=\"10 20\"\nFILESET_SCALE=0.01\n");
        List<PlanChecks.Need> needs = PlanChecks.needs(c, RunPlan.from(c));
        assertEquals(1, needs.size());
        // the largest point: 20 ops/s x 120 MiB x 0.01 = 24 MiB, + 10 %
        assertEquals((long) (20 * 120.0 * 1024 * 1024 * 0.01) * 11 / 10, needs.get(0).bytes(), 2);
        assertEquals("file set + 10 % growth", needs.get(0).rule());
    }

    @Test
    void dataSetSmallerThanOneTransferIsRefused() throws Exception {
        RunConfig c = rc("PROCS=1\nLOAD=max\nWORKLOAD=randread\nWORKING_SET=1K\nXFER_SIZE=8K\n");
        RcException e = assertThrows(RcException.class, () -> PlanChecks.check(c, RunPlan.from(c)));
        assertTrue(e.getMessage().contains("less than one transfer of 8192 bytes"), e.getMessage());
    }

    @Test
    void directIoRefusedForALoadfileReplay() throws Exception {
        Path lf = Path.of("native/tests/loadfiles/classic.txt").toAbsolutePath();
        RunConfig c = rc("PROCS=1\nWORKLOAD=loadfile\nLOADFILE=" + lf + "\nDIRECT_IO=yes\n");
        RcException e = assertThrows(RcException.class, () -> PlanChecks.check(c, RunPlan.from(c)));
        assertTrue(e.getMessage().contains("not of the 512 that O_DIRECT needs"), e.getMessage());
    }

    @Test
    void directIoRefusedOnNfs() throws Exception {
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(RcFiles.write(dir, "sfs_rc",
                "FS_PROTOCOL=nfs\nCLIENTS=\"localhost\"\nMNT_POINTS=\"s:/e\"\nPROCS=1\nLOAD=10\nDIRECT_IO=yes\n")));
        assertTrue(e.getMessage().contains("no client cache to bypass"), e.getMessage());
        assertEquals("DIRECT_IO", e.variable());
    }

    @Test
    void smallPosixDataSetWarnsOfThePageCache() throws Exception {
        RunConfig c = rc("PROCS=1\nLOAD=max\nWORKLOAD=randread\nWORKING_SET=8M\n");
        List<String> w = PlanChecks.check(c, RunPlan.from(c));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("measures the client's page cache"), w.get(0));
    }
}
