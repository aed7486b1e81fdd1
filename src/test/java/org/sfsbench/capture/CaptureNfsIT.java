package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.TempTree;

/**
 * A capture of the engine's SPECsfs2008 NFS load against the shared loopback Ganesha, converted
 * by {@code sfs capture} and replayed into a fresh folder: every replayable op of the capture is
 * replayed once (the counts per op are equal), the ops named not replayable are NULL and READDIR
 * (the format has no such line), the mix is within 1 point. The profile's synthetic load run at
 * the capture's rate reproduces the mix within 1 point and the transfer-size quartiles within 5 %.
 */
class CaptureNfsIT {
    static GaneshaServer server;
    static Path work;
    static Path pcap;
    static Path out;
    static JsonNode profile;
    static String summary;

    @BeforeAll
    static void captureAndConvert() throws Exception {
        Require.root("packet capture on lo and NFS-Ganesha's VFS FSAL need root");
        Require.that(ChildProcess.run(List.of("which", "tshark", "dumpcap"), Map.of(), 10, TimeUnit.SECONDS).exit() == 0,
                "tshark and dumpcap (bin/install-deps) decode and make the captures");
        server = GaneshaServer.defaultInstance().start();
        work = Files.createTempDirectory("sfs-capture-nfs");
        pcap = work.resolve("sfs2008.pcapng");
        try (LoopbackCapture cap = new LoopbackCapture(pcap, server.port())) {
            SfsRun run = SfsRun.run(work, "cap" + ProcessHandle.current().pid(), nfsRc("WORKLOAD=sfs2008-nfs", 2)
                    + "\nLOAD=60\nWARMUP_TIME=1\nRUNTIME=4\nFILESET_SCALE=0.0001");
            assertEquals(0, run.failedOps(), run.console);
            cap.stop();
        }
        out = work.resolve("out");
        summary = convert(pcap, out);
        profile = new ObjectMapper().readTree(out.resolve("sfs2008.profile.json").toFile());
    }

    @AfterAll
    static void cleanUp() throws Exception {
        // the runs' file sets on the shared export
        for (String prefix : List.of("sfs_cap", "sfs_rp")) {
            TempTree.remove(server.exportDir().resolve(prefix + ProcessHandle.current().pid()));
        }
        if (work != null) {
            TempTree.remove(work);
        }
    }

    static String nfsConfig(String workload, String root) {
        return String.join("\n", "backend=nfs3", workload, "procs=2", "target.0=" + server.url(),
                "target.1=" + server.url(), "root=" + root, "fileset_scale=0.001", "seed=7", "");
    }

    /** rc lines of {@code workload} over nfs against the shared Ganesha, {@code procs} mount points. */
    static String nfsRc(String workload, int procs) {
        return String.join("\n", "FS_PROTOCOL=nfs", workload, "PROCS=" + procs,
                "MNT_POINTS=\"" + String.join(" ", java.util.Collections.nCopies(procs, server.url())) + "\"");
    }

    /** {@code sfs capture -q -d out pcap}: its summary. */
    static String convert(Path capture, Path outDir, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("capture", "-q", "-d", outDir.toString()));
        args.addAll(List.of(more));
        args.add(capture.toString());
        ChildProcess.Result r = ChildProcess.run(Sfs.command(args.toArray(String[]::new)), Map.of(), 300,
                TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.toString());
        return r.output();
    }

    /** The capture's op counts by MIXFILE name (the engine's op names). */
    static Map<String, Long> mixCounts(JsonNode profile) {
        Map<String, Long> m = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = profile.get("mix").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            m.put(e.getKey(), e.getValue().get("count").asLong());
        }
        return m;
    }

    static double share(Map<String, Long> counts, String op) {
        long all = counts.values().stream().mapToLong(Long::longValue).sum();
        return 100.0 * counts.getOrDefault(op, 0L) / all;
    }

    @Test
    void replayIssuesEveryReplayableOpOfTheCapture() throws Exception {
        Path load = out.resolve("loadfiles/127.0.0.1.load");
        assertTrue(Files.exists(load), summary);
        Map<String, Long> captured = mixCounts(profile);
        Map<String, Long> notReplayable = new HashMap<>();
        profile.get("notReplayable").fields().forEachRemaining(e -> notReplayable.put(e.getKey(), e.getValue().asLong()));
        assertEquals(Map.of("NULL: NULL is no file-system operation", captured.getOrDefault("null", 0L),
                "READDIR: the loadfile format has READDIRPLUS3, not READDIR3", captured.getOrDefault("readdir", 0L)),
                notReplayable, summary);
        assertTrue(captured.getOrDefault("readdir", 0L) > 0 && captured.get("read") > 20 && captured.get("wrcache") > 20,
                "the load has reads, unstable writes and READDIR: " + captured);

        // the set of the capture's loadfiles as sfs capture wrote it, replayed once into a folder of its own
        Path set = load.getParent();
        SfsRun replay = SfsRun.run(work, "rp" + ProcessHandle.current().pid(), String.join("\n", "FS_PROTOCOL=nfs",
                "WORKLOAD=loadfile", "MNT_POINTS=" + server.url()) + "\nLOADFILE=" + set + "/\nLOADFILE_PASSES=1\nRUNTIME=120");
        Map<String, Long> expected = new TreeMap<>(captured);
        expected.remove("null");
        expected.remove("readdir");
        assertEquals(expected, replay.counts(), "replay vs capture per op\n" + replay.console + "\n" + summary);
        assertEquals(0, replay.failedOps(), "every recorded status came back\n" + replay.console);
        assertTrue(replay.point.get("passesDone").asBoolean(), replay.point.toString());
        // the mix of the replayable ops (the not replayable ones are named above)
        for (String op : expected.keySet()) {
            assertTrue(Math.abs(share(replay.counts(), op) - share(expected, op)) <= 1.0, op + ": replay "
                    + share(replay.counts(), op) + " % vs capture " + share(expected, op) + " %");
        }
    }

    /** The mix of a MIXFILE as the engine's mix key (op:pct,...). */
    static String mixKey(Path mixFile) throws Exception {
        List<String> lines = Files.readAllLines(mixFile);
        assertEquals("SFS MIXFILE VERSION 2", lines.get(0));
        StringBuilder mix = new StringBuilder();
        for (String l : lines) {
            if (l.matches("\\w+ \\d+%")) {
                mix.append(mix.length() == 0 ? "" : ",").append(l.replace(" ", ":").replace("%", ""));
            }
        }
        return mix.toString();
    }

    /**
     * The measured phase only (the file set's creation is no part of the shape): a capture of
     * the SPECsfs2008 load's RUN, its profile, and the synthetic load of that profile at its rate,
     * captured the same way.
     */
    @Test
    void syntheticLoadOfTheProfileHasTheCapturesShape() throws Exception {
        Path runPcap = work.resolve("run.pcapng");
        EngineLoad run = EngineLoad.gatedCapture(work, "run", nfsConfig("workload=sfs2008-nfs", "run"
                + ProcessHandle.current().pid()) + "rate=150\nfileset_rate=100\n", 5, server.port(), runPcap);
        assertEquals(0, run.errors(), run.output);
        Path runOut = work.resolve("run-out");
        convert(runPcap, runOut);
        JsonNode runProfile = new ObjectMapper().readTree(runOut.resolve("run.profile.json").toFile());
        String rc = Files.readString(runOut.resolve("run.rc"));
        assertTrue(rc.contains("MIXFILE=run.mix\n"), rc);
        long load = Long.parseLong(rc.replaceAll("(?s).*\nLOAD=(\\d+)\n.*", "$1"));
        assertEquals(Math.round(runProfile.get("opsPerSecond").asDouble()), load, "LOAD is the capture's rate: " + rc);

        // the MIXFILE's whole percents are the capture's shares rounded to a total of 100 (less than a point off)
        Map<String, Long> captured = mixCounts(runProfile);
        String mix = mixKey(runOut.resolve("run.mix"));
        for (String opPct : mix.split(",")) {
            String[] f = opPct.split(":");
            assertTrue(Math.abs(Integer.parseInt(f[1]) - share(captured, f[0])) < 1, opPct + " vs capture "
                    + share(captured, f[0]));
        }
        // the shape at twice the rate (LOAD x2 of the fragment): more ops, so the engine's random
        // choice of ops strays less from the shares than in a run as short as the capture
        Path synPcap = work.resolve("synthetic.pcapng");
        EngineLoad syn = EngineLoad.gatedCapture(work, "synthetic", nfsConfig("workload=mixfile", "syn"
                + ProcessHandle.current().pid()) + "mix=" + mix + "\nrate=" + load + "\n", 8, server.port(), synPcap);
        assertEquals(0, syn.errors(), syn.output);
        for (String op : syn.counts().keySet()) {
            assertTrue(Math.abs(share(syn.counts(), op) - share(captured, op)) <= 1.0, op + ": synthetic "
                    + share(syn.counts(), op) + " % vs capture " + share(captured, op) + " %\n" + syn.output);
        }
        Path synOut = work.resolve("synthetic-out");
        convert(synPcap, synOut);
        JsonNode synProfile = new ObjectMapper().readTree(synOut.resolve("synthetic.profile.json").toFile());
        for (String q : List.of("p25", "p50", "p75")) {
            long want = runProfile.get("transferSizes").get("all").get(q).asLong();
            long got = synProfile.get("transferSizes").get("all").get(q).asLong();
            assertTrue(Math.abs(got - want) <= 0.05 * want, "transfer size " + q + ": synthetic " + got
                    + " vs capture " + want + "\n" + runProfile.get("transferSizes") + "\n"
                    + synProfile.get("transferSizes"));
        }
    }
}
