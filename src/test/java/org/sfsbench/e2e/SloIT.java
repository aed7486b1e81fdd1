package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.ResultInput;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.results.SloTable;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;
import org.sfsbench.testsupport.RunsAlone;

/**
 * The SLO search against NFS-Ganesha behind proxies with a known latency shape, 4 KiB random reads
 * (a reply is about 4,216 bytes on the wire):
 * <ul>
 * <li>{@link DelayProxy#knee}: a 4 MB/s link (about 950 replies/s, 1.05 ms each) that holds every reply
 * 14 ms longer while the replies of the last second pass 500/s. Below 500 ops/s latency is the link
 * time, above it at least 15 ms, so the capacity at "p90 <= 8 ms" is 500 ops/s; the unpaced top
 * speed (16 procs) is the link's rate. The search must find 500 within SLO_PRECISION=10 %. The bound
 * lies far from both sides: on a busy 2-core machine the p90 below the knee reached 5 ms.</li>
 * <li>{@link DelayProxy#throttled}, the link alone: no load meets "p75 <= 0.5 ms", half the link time; with
 * SLO_PRECISION=20 the lowest probe (about 120 ops/s) is measured for longer than 2 s, long enough for the
 * 400 samples p75 needs.</li>
 * </ul>
 */
@RunsAlone
class SloIT {
    static final double LINK_BYTES = 4e6;
    /** A READ reply on the wire: the data and about 120 bytes of RPC, NFS and record marking. */
    static final double REPLY_BYTES = 4096 + 120;
    /** Above this rate of replies the server holds each one {@link #HOLD_NS} longer. */
    static final double KNEE_OPS = 500;
    static final long HOLD_NS = 14_000_000;
    /** Met below the knee (the link time), broken above it (the link time and the hold). */
    static final String KNEE_SLO = "p90 <= 8 ms";
    /** The link's rate in replies per second. */
    static final double LINK_OPS = LINK_BYTES / REPLY_BYTES;

    /** Ganesha at {@code nfsPort} behind the link, holding replies above the knee rate. */
    static DelayProxy kneeProxy(int nfsPort) throws IOException {
        return DelayProxy.knee(nfsPort, LINK_BYTES, KNEE_OPS * REPLY_BYTES, HOLD_NS);
    }

    private static Path rc(Path dir, String target, int procs, String slo, int precision) throws Exception {
        return TopSpeedRuns.rc(dir, "nfs", target, procs, String.join("\n", "PROCS=" + procs, "WORKLOAD=randread",
                "XFER_SIZE=4K", "WORKING_SET=4M", "WARMUP_TIME=1", "RUNTIME=2", "SLO_PRECISION=" + precision,
                "SLO_CONFIRM=1", "SLO=\"" + slo + "\""));
    }

    private static RunResult run(Path dir, Path rc, String suffix, String slo, int precision) throws Exception {
        Path results = dir.resolve("results");
        ChildProcess plan = Sfs.start(dir.resolve("plan-" + suffix + ".txt"), Map.of(), "plan", "-r", rc.toString());
        assertEquals(0, plan.waitFor(60), plan.output());
        String p = plan.output().replaceAll("\\s+", " ");
        assertTrue(p.contains("SLO " + slo + " (latency from each op's intended start") && p.contains("the unpaced top speed measured by the max step")
                && p.contains("at most " + precision + " % of the top") && p.contains("repeated 1 time(s)")
                && p.contains("worst case"), "sfs plan shows the search:\n" + p);
        ChildProcess run = Sfs.start(dir.resolve("out-" + suffix + ".txt"), Map.of(), "run", "-r", rc.toString(), "-s",
                suffix, "-d", results.toString());
        assertEquals(0, run.waitFor(150), run.output());
        XmlLint.validate(results.resolve("sfsresult." + suffix + ".xml"), Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument doc = ResultInput.load(results.resolve("sfsresult." + suffix + ".xml"));
        RunResult r = ResultMapping.toRunResult(doc);
        String answer = doc.slo.answer; // as the run wrote it, before any rounding of the document's figures
        System.out.println("SloIT " + suffix + ": " + answer);
        assertTrue(run.output().contains(answer), "the console prints the answer:\n" + run.output());
        assertTrue(Files.readString(results.resolve("sfsres." + suffix)).contains(answer));
        assertEquals(answer, r.headline().lines().get(0), "the capacity is the headline");
        assertTrue(r.loadPoints().stream().allMatch(x -> x.failedOps() == 0), "0 errors");
        String html = Files.readString(results.resolve("report." + suffix + ".html"));
        assertTrue(html.contains("<h2 id=\"slo\">") && html.contains("bound: " + slo.replace("<", "&lt;")), "the HTML chart draws the bound");
        return r;
    }

    @Test
    void findsTheKneeOfAServerAndRefusesAnImpossibleBound(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        int nfsPort = Integer.parseInt(env.get("SFS_NFS_PORT"));
        String tail = env.get("SFS_NFS_EXPORT_DIR") + "?nfsport=%d&mountport=" + env.get("SFS_NFS_MNT_PORT");
        double link = LINK_OPS;
        try (DelayProxy proxy = kneeProxy(nfsPort)) {
            String target = "nfs://127.0.0.1" + String.format(tail, proxy.port());
            SloResult s = run(dir, rc(dir, target, 16, KNEE_SLO, 10), "met", KNEE_SLO, 10).slo();
            String trace = String.join("\n", SloTable.lines(s));
            assertEquals("met", s.outcome(), trace);
            assertTrue(s.topSpeed() > 0.8 * link && s.topSpeed() < 1.1 * link,
                    "the top speed is the link's rate, about " + Math.round(link) + " ops/s:\n" + trace);
            assertTrue(s.bracketHigh() - s.bracketLow() <= 0.10 * s.topSpeed() + 1e-6, trace);
            assertTrue(s.capacity() <= KNEE_OPS * 1.03 && s.capacity() >= KNEE_OPS - 0.10 * s.topSpeed() - 0.03 * KNEE_OPS,
                    "the capacity is the knee, " + KNEE_OPS + " ops/s, within the precision:\n" + trace);
            assertTrue(s.probes().size() <= 1 + 4 + 1 + 2, trace);
            assertTrue(s.probes().stream().allMatch(p -> p.samples() >= p.samplesNeeded()
                    && (p.requestedOpsPerSec() * 2 >= 900 || p.seconds() > 2)),
                    "a probe whose 2 s cannot hold the 1,000 samples p90 needs is measured longer:\n" + trace);
        }
        try (DelayProxy proxy = DelayProxy.throttled(nfsPort, LINK_BYTES)) {
            String target = "nfs://127.0.0.1" + String.format(tail, proxy.port());
            // p75 needs 400 samples: the lowest probe, about 120 ops/s, is measured for 4 s
            SloResult none = run(dir, rc(dir, target, 4, "p75 <= 0.5 ms", 20), "none", "p75 <= 0.5 ms", 20).slo();
            assertEquals("none", none.outcome(), none.answer());
            assertTrue(none.answer().startsWith("no load meets p75 <= 0.5 ms: the lowest probe, "), none.answer());
            assertTrue(none.probes().stream().noneMatch(SloProbeResult::passed), none.answer());
            SloProbeResult lowest = none.probes().get(none.probes().size() - 1);
            assertTrue(lowest.seconds() > 2 && lowest.samples() >= 400 && lowest.verdict().equals("fail"),
                    "a probe too slow for the samples in 2 s is measured longer, then judged: " + lowest);
        }
    }
}
