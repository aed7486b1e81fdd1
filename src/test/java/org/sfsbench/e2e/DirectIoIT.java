package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.Sfs;

/**
 * DIRECT_IO=yes on posix: a random read run on a loop-mounted ext4 leaves none of its data set in the
 * page cache (fincore counts the resident pages of every data file), while the same run without it
 * leaves pages there; on tmpfs (/dev/shm) the plan is refused naming the mount point, and a loadfile
 * replay (byte offsets) is refused for alignment.
 */
class DirectIoIT {

    @Test
    void readsAndWritesBypassThePageCache(@TempDir Path dir) throws Exception {
        try (LoopFs fs = LoopFs.mount(dir.resolve("img"), dir.resolve("mnt"))) {
            assertEquals(0, residentPagesAfterRun(dir, fs.dir(), "yes"), "DIRECT_IO=yes: nothing cached");
            assertTrue(residentPagesAfterRun(dir, fs.dir(), "no") > 0, "without it, the page cache holds data");
        }
    }

    @Test
    void tmpfsIsRefusedNamingTheMountPoint(@TempDir Path dir) throws Exception {
        Path shm = Files.createTempDirectory(Path.of("/dev/shm"), "sfs-dio");
        try {
            Path rc = TopSpeedRuns.rc(dir, "posix", shm.toString(), 1, "WORKLOAD=randread\nWORKING_SET=8M\nSTEP_PROCS=\"1 1 3 1\"\nDIRECT_IO=yes");
            ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
            assertEquals(2, plan.waitFor(60), plan.output());
            assertTrue(plan.output().contains("mount point " + shm) && plan.output().contains("tmpfs"), plan.output());
        } finally {
            Files.deleteIfExists(shm);
        }
    }

    /** Resident pages (fincore) of the data files a 2 s random read run with DIRECT_IO={@code direct} left. */
    private static long residentPagesAfterRun(Path dir, Path mnt, String direct) throws Exception {
        Path rc = TopSpeedRuns.rc(dir, "posix", mnt.toString(), 1, String.join("\n", "WORKLOAD=randread",
                "XFER_SIZE=4K", "WORKING_SET=8M", "STEP_PROCS=\"1 1 3 1\"", "WARMUP_TIME=1", "DIRECT_IO=" + direct));
        ChildProcess run = Sfs.start(dir.resolve("run-" + direct + ".txt"), Map.of(), "run", "-r", rc.toString(),
                "-s", "dio" + direct, "-d", dir.resolve("results-" + direct).toString());
        assertEquals(0, run.waitFor(240), run.output());
        List<Path> files;
        try (Stream<Path> s = Files.walk(mnt.resolve("sfs_dio" + direct))) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(!files.isEmpty(), "data files under " + mnt);
        long pages = 0;
        for (Path f : files) {
            String out = LoopFs.sh("fincore --noheadings --raw --output PAGES '" + f + "'").trim();
            pages += Long.parseLong(out);
        }
        return pages;
    }
}
