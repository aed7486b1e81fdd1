package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.ResultInput;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.results.SloTable;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;
import org.sfsbench.testsupport.RunsAlone;

/**
 * The SLO search of an access specification (docs/slo.md): 4 KiB random reads, 4 workers with 8
 * outstanding I/Os each, against NFS-Ganesha behind {@link DelayProxy#knee} as in {@link SloIT}: a 4 MB/s
 * link (about 950 replies/s) that holds every reply 14 ms longer while the last second's replies
 * pass 500/s. The unpaced step measures the link's rate; the paced probes, each worker an open loop
 * at its share of the rate, must find the knee (500 ops/s at "p90 <= 8 ms") within SLO_PRECISION.
 */
@RunsAlone
class AccessSloIT {
    private static final double KNEE_OPS = SloIT.KNEE_OPS;
    private static final String SLO = SloIT.KNEE_SLO;

    @Test
    void findsTheKneeWithPacedWorkers(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        int nfsPort = Integer.parseInt(env.get("SFS_NFS_PORT"));
        double link = SloIT.LINK_OPS;
        try (DelayProxy proxy = SloIT.kneeProxy(nfsPort)) {
            String target = "nfs://127.0.0.1" + env.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + proxy.port()
                    + "&mountport=" + env.get("SFS_NFS_MNT_PORT");
            Path specs = Files.writeString(dir.resolve("specs.txt"), "[reads]\n4k 100 100 100\n");
            Path rc = Files.writeString(dir.resolve("rc"), String.join("\n", "WORKLOAD=access",
                    "ACCESS_SPECS=" + specs, "OUTSTANDING_IOS=8", "ACCESS_FILE_SIZE=1m", "RAMP_UP_TIME=1",
                    "RUNTIME=2", "PROCS=4", "CLIENTS=localhost", "FS_PROTOCOL=nfs",
                    "MNT_POINTS=\"" + String.join(" ", target, target, target, target) + "\"", "SAMPLE_INTERVAL=1",
                    "AGENT_PORT=" + (21000 + ThreadLocalRandom.current().nextInt(20000)), "SLO_PRECISION=10",
                    "SLO_CONFIRM=1", "SLO=\"" + SLO + "\"", ""));

            ChildProcess plan = Sfs.start(dir.resolve("plan.txt"), Map.of(), "plan", "-r", rc.toString());
            assertEquals(0, plan.waitFor(60), plan.output());
            String p = plan.output().replaceAll("\\s+", " ");
            assertTrue(p.contains("SLO " + SLO + " (latency from each op's intended start")
                    && p.contains("the unpaced top speed measured by the access step above, run unpaced first")
                    && p.contains("paced on all 4 workers (each an open loop at its share of the rate, at most its 8"
                            + " outstanding I/Os in flight)")
                    && p.contains("worst case"), "sfs plan shows the search:\n" + p);

            Path results = dir.resolve("results");
            ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "aslo",
                    "-d", results.toString());
            assertEquals(0, run.waitFor(150), run.output());
            XmlLint.validate(results.resolve("sfsresult.aslo.xml"), Sfs.home().resolve("docs/sfsresult.xsd"));
            ResultDocument doc = ResultInput.load(results.resolve("sfsresult.aslo.xml"));
            RunResult r = ResultMapping.toRunResult(doc);
            SloResult s = r.slo();
            String trace = String.join("\n", SloTable.lines(s));
            System.out.println("AccessSloIT:\n" + trace);
            assertEquals("met", s.outcome(), trace);
            assertEquals(doc.slo.answer, r.headline().lines().get(0), "the capacity is the headline");
            assertTrue(run.output().contains(doc.slo.answer), run.output());
            assertTrue(s.topSpeed() > 0.8 * link && s.topSpeed() < 1.1 * link,
                    "the unpaced step runs at the link's rate, about " + Math.round(link) + " ops/s:\n" + trace);
            assertTrue(s.capacity() <= KNEE_OPS * 1.03 && s.capacity() >= KNEE_OPS - 0.10 * s.topSpeed() - 0.03 * KNEE_OPS,
                    "the capacity is the knee, " + KNEE_OPS + " ops/s, within the precision:\n" + trace);
            assertTrue(r.loadPoints().stream().allMatch(x -> x.failedOps() == 0), "0 errors");
            assertTrue(r.loadPoints().stream().filter(x -> "probe".equals(x.step().getKind()))
                    .allMatch(x -> x.achievedOpsPerSec() < 1.05 * x.requestedOpsPerSec() + 5),
                    "the probes are paced, not run at the top speed");
            assertTrue(Files.readString(results.resolve("report.aslo.html")).contains("<h2 id=\"slo\">"),
                    "the HTML report charts the probes");
            assertTrue(Files.readString(results.resolve("sfsres.aslo")).contains(doc.slo.answer));
            assertTrue(Files.readString(results.resolve("access.aslo.txt")).contains("reads"),
                    "the access step table lists every window");
            assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "processes left behind");
        }
    }
}
