package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * Iometer target cycling through {@code sfs run} on posix: an .icf of 2 workers with 3 targets each
 * (CYCLE_OUTSTANDING_IOS_AND_TARGETS) runs 6 procs, 2, 4 and then 6 of them loading, each target
 * count at 1 and 4 outstanding I/Os; and a regular file named by MNT_POINTS with one proc is the
 * access target itself, with the pgmeter paper's spec name "Database".
 */
class AccessTargetsIT {

    private static JsonNode run(Path dir, String rcText, int steps) throws Exception {
        Path rc = dir.resolve("rc");
        Files.writeString(rc, rcText);
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "t", "-d",
                results.toString());
        int status = run.waitFor(300);
        String out = run.output();
        assertEquals(0, status, out);
        JsonNode points = new ObjectMapper().readTree(results.resolve("sfsresult.t.json").toFile()).get("loadPoints");
        assertEquals(steps, points.size(), out);
        for (JsonNode p : points) {
            assertEquals(0, p.get("failedOps").asLong(), p.toString());
            assertTrue(p.get("achievedOpsPerSec").asDouble() > 0, p.toString());
        }
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
        return points;
    }

    @Test
    void targetCyclingAddsATargetToEachWorkerPerStep(@TempDir Path dir) throws Exception {
        List<String> mnts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            mnts.add(Files.createDirectories(dir.resolve("t" + i)).toString());
        }
        Path icf = Sfs.home().resolve("src/test/resources/access/targets_1.1.0.icf");
        JsonNode points = run(dir, String.join("\n", "WORKLOAD=access", "ACCESS_SPECS=" + icf, "RUNTIME=1",
                "PROCS=6", "CLIENTS=localhost", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + String.join(" ", mnts) + "\"",
                "SAMPLE_INTERVAL=1", ""), 6);
        int[] procs = { 2, 2, 4, 4, 6, 6 };
        for (int i = 0; i < 6; i++) {
            assertEquals(procs[i], points.get(i).get("procsPerClient").asInt(), points.get(i).toString());
        }
        String csv = Files.readString(dir.resolve("results/access.t.csv"));
        List<String> disks = csv.lines().filter(l -> l.startsWith("ALL,")).map(l -> l.split(",")[4] + "/"
                + l.split(",")[5]).toList();
        assertEquals(List.of("2/2", "2/2", "2/4", "2/4", "2/6", "2/6"), disks, csv);
        for (String m : mnts) {   // every target was prepared once, as Iometer prepares iobw.tst
            try (var s = Files.walk(Path.of(m))) {
                assertEquals(1, s.filter(p -> p.getFileName().toString().equals("iobw.tst")).count(), m);
            }
        }
    }

    @Test
    void aRegularFileAsTheMountPointIsTheTarget(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("disk.img");
        Files.write(target, new byte[1 << 20]);
        JsonNode points = run(dir, String.join("\n", "WORKLOAD=access", "ACCESS_SPECS=Database", "RUNTIME=1",
                "RAMP_UP_TIME=0", "OUTSTANDING_IOS=2", "PROCS=1", "CLIENTS=localhost", "FS_PROTOCOL=posix",
                "MNT_POINTS=" + target, "ACCESS_TARGET_WRITES=yes", "SAMPLE_INTERVAL=1", ""), 1);
        assertEquals(1, points.get(0).get("procsPerClient").asInt());
        assertEquals(1 << 20, Files.size(target), "tested in place: nothing created next to it");
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("sfs_")), "no iobw.tst folder");
        }
    }
}
