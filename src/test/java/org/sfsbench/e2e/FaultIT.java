package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * Faults during a real run: a worker killed with SIGKILL, an agent killed, Ctrl-C on the
 * manager, and INIT-time target problems. Each must end the run within 30 s with a non-zero
 * status, a message naming the client/proc and the cause, every finished load point kept, and
 * no process left behind.
 */
class FaultIT {
    private static final long END_WITHIN_S = 30;

    /**
     * Starts a 3-point run and waits until point 2 is in RUN (point 1's row is written). RUNTIME=6:
     * the fault comes 2 s into point 2's RUN, 4 s before that point could finish.
     */
    private static ChildProcess startAndReachPoint2(Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost localhost", 2, "20 40 60", 1, 6, "");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "f", "-d",
                dir.resolve("results").toString());
        Path log = dir.resolve("results/sfslog.f");
        long deadline = System.currentTimeMillis() + 240_000;   // INIT of a 2nd point on a busy machine
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains("load point 2: RUN")) {
                Thread.sleep(2000);
                return run;
            }
            if (!run.process().isAlive()) {
                throw new AssertionError("run ended before point 2:\n" + run.output());
            }
            Thread.sleep(200);
        }
        run.process().destroyForcibly();
        throw new AssertionError("point 2 never started:\n" + run.output());
    }

    private static void assertEndedCleanly(Path dir, ChildProcess run, long killedAtMs, String... mustMention)
            throws Exception {
        int status = run.waitFor(END_WITHIN_S + 30);
        long took = System.currentTimeMillis() - killedAtMs;
        String out = run.output();
        assertNotEquals(0, status, out);
        assertTrue(took <= END_WITHIN_S * 1000, "took " + took + " ms to end:\n" + out);
        for (String m : mustMention) {
            assertTrue(out.contains(m), "output should mention '" + m + "':\n" + out);
        }
        List<String> rows = Files.readAllLines(dir.resolve("results/sfssum.f"));
        assertEquals(1, rows.size(), "the finished load point must be kept: " + rows);
        String res = Files.readString(dir.resolve("results/sfsres.f"));
        assertTrue(res.toLowerCase(java.util.Locale.ROOT).contains("incomplete"),
                "sfsres must state the early end:\n" + res);
        long until = System.currentTimeMillis() + 15_000;
        while (!Sfs.leftovers(dir.toString()).isEmpty() && System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind: "
                + Sfs.leftovers(dir.toString()).stream().map(p -> p.info().commandLine().orElse("?")).toList());
    }

    @Test
    void workerKilledWithSigkill(@TempDir Path dir) throws Exception {
        ChildProcess run = startAndReachPoint2(dir);
        List<ProcessHandle> workers = Sfs.leftovers(dir + "/results/agents.f/client0002");
        workers = workers.stream().filter(p -> p.info().commandLine().orElse("").contains(" worker ")).toList();
        assertEquals(1, workers.size(), "one worker of client 2");
        long at = System.currentTimeMillis();
        kill("-KILL", workers.get(0).pid());
        assertEndedCleanly(dir, run, at, "client 2", "SIGKILL");
    }

    @Test
    void agentKilled(@TempDir Path dir) throws Exception {
        ChildProcess run = startAndReachPoint2(dir);
        List<ProcessHandle> agents = Sfs.leftovers("client0001").stream()
                .filter(p -> p.info().commandLine().orElse("").contains(dir.toString()))
                .filter(p -> p.info().commandLine().orElse("").contains(" agent ")).toList();
        assertEquals(1, agents.size(), "the agent of client 1");
        long at = System.currentTimeMillis();
        kill("-KILL", agents.get(0).pid());
        assertEndedCleanly(dir, run, at, "agent of client 1");
    }

    /** The mount points' folders removed in the middle of a run: the last line must not say the file set is there. */
    @Test
    void mountPointFoldersRemovedMidRunAreNotSaidToHoldTheFileSet(@TempDir Path dir) throws Exception {
        ChildProcess run = startAndReachPoint2(dir);
        for (String m : List.of("mnt0", "mnt1", "mnt2", "mnt3")) {
            Path p = dir.resolve(m);
            if (Files.exists(p)) {
                try (var walk = Files.walk(p)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        }
        run.waitFor(240);
        String out = run.output();
        List<String> notes = out.lines().filter(l -> l.startsWith("File set: ")).toList();
        assertFalse(notes.isEmpty(), out);
        String last = notes.get(notes.size() - 1);
        assertTrue(last.contains(": gone, none of its folders on this machine exists any more"), last + "\n" + out);
        assertFalse(last.contains("left there"), last);
    }

    @Test
    void ctrlCOnTheManager(@TempDir Path dir) throws Exception {
        ChildProcess run = startAndReachPoint2(dir);
        long at = System.currentTimeMillis();
        kill("-INT", run.process().pid());
        assertEndedCleanly(dir, run, at, "interrupted");
    }

    @Test
    void missingMountPointIsRefusedBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20", 1, 2, "");
        String text = Files.readString(rc).replace(dir.resolve("mnt0").toString(), dir.resolve("does/not/exist").toString());
        Files.writeString(rc, text);
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "m", "-d",
                dir.resolve("results").toString());
        assertEquals(2, run.waitFor(90));
        assertTrue(run.output().contains(rc + ":5: MNT_POINTS=" + dir.resolve("does/not/exist") + ": folder "
                + dir.resolve("does/not/exist") + " of client localhost does not exist on this machine"), run.output());
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    @Test
    void readOnlyFolderIsAnInitErrorAndAFullDiskIsRefused(@TempDir Path dir) throws Exception {
        Require.that("root".equals(System.getProperty("user.name")), "needs root to mount small tmpfs file systems");
        Path ro = dir.resolve("mnt0");
        Files.createDirectories(ro);
        Path rc = PosixRunIT.writeRc(dir, "localhost", 1, "20", 1, 2, "");
        Require.that(sh("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro.toString()) == 0, "mount not permitted");
        try {
            ChildProcess run = Sfs.start(dir.resolve("out-ro.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "ro", "-d",
                    dir.resolve("results").toString());
            assertEquals(1, run.waitFor(90));
            assertTrue(run.output().contains("Read-only file system"), run.output());
        } finally {
            sh("umount", ro.toString());
        }
        // a 64 KiB file system cannot hold the file set of 200 ops/s at FILESET_SCALE 0.0002 (~4.8 MB):
        // refused before any agent starts (the plan's space check; a disk that fills during INIT
        // anyway is test_engine_posix's case)
        Path rcFull = PosixRunIT.writeRc(dir, "localhost", 1, "200", 1, 2, "");
        assertEquals(0, sh("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", ro.toString()));
        try {
            ChildProcess run = Sfs.start(dir.resolve("out-full.txt"), Map.of(), "run", "-r", rcFull.toString(), "-s", "full",
                    "-d", dir.resolve("results").toString());
            assertEquals(2, run.waitFor(90), run.output());
            assertTrue(run.output().contains("not enough space") && run.output().contains("64.0 KiB free"), run.output());
        } finally {
            sh("umount", ro.toString());
        }
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
    }

    private static void kill(String signal, long pid) throws IOException, InterruptedException {
        assertEquals(0, sh("kill", signal, Long.toString(pid)));
    }

    private static int sh(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
