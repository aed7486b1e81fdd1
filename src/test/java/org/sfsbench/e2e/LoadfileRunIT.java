package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * WORKLOAD=loadfile through {@code sfs run}: two agents (CLIENTS lists this machine twice), load
 * points of 2 and 3 simulated clients replaying the test loadfile in client.txt format; each
 * point prints dbench's Throughput line (also in sfsres) and sfsresult.json carries clients, MB/s,
 * the op table and no failed op.
 */
class LoadfileRunIT {

    @Test
    void replayAtTwoClientCounts(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        Path rc = dir.resolve("rc");
        Files.writeString(rc, String.join("\n", "WORKLOAD=loadfile",
                "LOADFILE=" + Sfs.home().resolve("native/tests/loadfiles/classic.txt"), "CLIENT_COUNTS=\"2 3\"",
                "CLIENTS=\"localhost localhost\"", "FS_PROTOCOL=posix", "MNT_POINTS=\"" + mnt + "\"",
                "WARMUP_TIME=1", "RUNTIME=3", "SAMPLE_INTERVAL=1", ""));
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "lf",
                "-d", results.toString());
        int status = run.waitFor(180);
        String out = run.output();
        assertEquals(0, status, out);
        Matcher m = Pattern.compile("Throughput ([\\d.]+) MB/sec \\(NB=[\\d.]+ MB/sec  [\\d.]+ MBit/sec\\)  (\\d+)"
                + " clients  (\\d+) procs  max_latency=([\\d.]+) ms")
                .matcher(out);
        for (int clients : new int[] {2, 3}) {
            assertTrue(m.find(), out);
            assertTrue(Double.parseDouble(m.group(1)) > 0, m.group());
            assertEquals(clients, Integer.parseInt(m.group(2)), m.group());
        }
        Matcher cpu = Pattern.compile("\nClient CPU ([\\d.]+) % of (\\d+) CPUs .*; workers ([\\d.]+) % of one CPU,"
                + " ([\\d.]+) us per op\n").matcher(out);
        for (int point = 1; point <= 2; point++) {
            assertTrue(cpu.find(), "the clients' CPU after dbench's line of point " + point + ":\n" + out);
            double busy = Double.parseDouble(cpu.group(1));
            assertTrue(busy > 0 && busy <= 100, cpu.group());
            assertTrue(Double.parseDouble(cpu.group(4)) > 0, cpu.group());
        }
        assertTrue(out.contains("WRITE_ANDX") && out.contains("AvgLat"), out);
        JsonNode points = new ObjectMapper().readTree(results.resolve("sfsresult.lf.json").toFile()).get("loadPoints");
        assertEquals(2, points.size());
        for (int i = 0; i < 2; i++) {
            JsonNode p = points.get(i);
            assertEquals(i + 2, p.get("simulatedClients").asInt());
            assertTrue(p.get("throughputMBps").asDouble() > 0, p.toString());
            assertEquals(0, p.get("failedOps").asLong(), p.toString());
            assertTrue(p.get("ops").size() > 5, p.toString());
        }
        String sfsres = Files.readString(results.resolve("sfsres.lf"));
        assertTrue(sfsres.contains("In dbench's terms") && sfsres.contains("Throughput "), sfsres);
        // every client in its own directory under the run's folder
        assertTrue(Files.isDirectory(mnt.resolve("sfs_lf/clients")), out);
    }
}
