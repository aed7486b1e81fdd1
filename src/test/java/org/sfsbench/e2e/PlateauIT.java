package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.RunsAlone;

/**
 * The plateau stop on a server held at a fixed rate: NFS-Ganesha behind a proxy that passes
 * 4 MB/s of replies. 64 KiB random reads fill it with a few procs; the first step that adds less
 * than PLATEAU_PCT=15 % ends the run before the last of 8 steps, at the proxy's rate, and the step
 * before it is the knee, marked in the JSON, the HTML report and the text report. Eight steps leave
 * room for a loaded client that needs a step or two more to fill the proxy.
 */
@RunsAlone
class PlateauIT {
    private static final double LIMIT_BYTES = 4e6;
    private static final int MAX_STEPS = 8;

    @Test
    void steppingStopsAtThePlateauOfARateLimitedServer(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        try (DelayProxy proxy = DelayProxy.throttled(Integer.parseInt(env.get("SFS_NFS_PORT")), LIMIT_BYTES)) {
            String target = "nfs://127.0.0.1" + env.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + proxy.port()
                    + "&mountport=" + env.get("SFS_NFS_MNT_PORT");
            Path rc = TopSpeedRuns.rc(dir, "nfs", target, MAX_STEPS, String.join("\n",
                    "WORKLOAD=randread", "XFER_SIZE=64K", "WORKING_SET=4M", "STEP_PROCS=\"1 1 4 " + MAX_STEPS + "\"",
                    "WARMUP_TIME=1", "PLATEAU_PCT=15"));
            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "pl",
                    "-d", results.toString());
            int status = run.waitFor(240);
            String out = run.output();
            assertEquals(0, status, out);
            List<String> rows = Files.readAllLines(results.resolve("sfssum.pl"));
            int n = rows.size();
            assertTrue(n >= 2 && n < MAX_STEPS, "stopped at the plateau, before the last of " + MAX_STEPS + " steps:\n" + out);
            double[] ops = new double[n];
            for (int k = 0; k < n; k++) {
                ops[k] = Double.parseDouble(rows.get(k).trim().split("\\s+")[1]);
                double mbps = ops[k] * 65536 / 1e6;
                assertTrue(mbps <= LIMIT_BYTES / 1e6 * 1.1, "reads cannot pass the proxy's rate: " + rows.get(k));
            }
            assertTrue(ops[n - 1] < ops[n - 2] * 1.15, "the last step added less than 15 %");
            assertTrue(ops[n - 1] * 65536 >= LIMIT_BYTES * 0.8, "the plateau is the proxy's rate: " + rows.get(n - 1));
            String log = Files.readString(results.resolve("sfslog.pl"));
            assertTrue(log.contains("steps ended early: plateau: " + n + " procs per client added"), log);
            assertTrue(log.contains("knee: step " + (n - 1) + " (" + (n - 1) + " procs per client"), log);
            String json = Files.readString(results.resolve("sfsresult.pl.json"));
            assertTrue(json.replace(" ", "").contains("\"knee\":true"), "the knee is marked");
            String html = Files.readString(results.resolve("report.pl.html"));
            assertTrue(html.contains("Knee: Step " + (n - 1) + ": " + (n - 1) + " procs per client"),
                    "the HTML steps chart marks the knee");
            ChildProcess report = Sfs.start(dir.resolve("report.txt"), Map.of(), "report",
                    results.resolve("sfsresult.pl.json").toString(), "-d", dir.resolve("web").toString());
            assertEquals(0, report.waitFor(60), report.output());
            assertTrue(Pattern.compile("(?m)^\\s*" + (n - 1) + "\\s+procs, knee\\s+" + (n - 1) + "\\s")
                    .matcher(report.output()).find(), "the text report marks the knee:\n" + report.output());
        }
    }
}
