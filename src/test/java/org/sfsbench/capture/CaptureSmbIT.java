package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.engine.EngineFacts;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.TempTree;

/**
 * A capture of the engine's sfs2008-cifs load against a private loopback smbd, its port moved to
 * 445 in the capture (tshark frames SMB2 over TCP by its 24-bit length only on 445; elsewhere it
 * reads NetBIOS lengths and loses the requests after the first large WRITE), converted by
 * {@code sfs capture} and
 * its sessions' loadfiles replayed in turn into a fresh folder: each line is replayed as
 * docs/loadfile.md maps it (a directory's NTCreateX as mkdir and/or a path query, its Close not
 * issued), so the replay's op counts equal the capture's, and every recorded status comes back
 * but the creation of the folder both sessions create (the winner is the capture's interleaving).
 */
class CaptureSmbIT {
    static SambaServer smb;
    static Path work;

    @BeforeAll
    static void startSamba() throws Exception {
        Require.root("packet capture on lo and the test smbd need root");
        Require.that(ChildProcess.run(List.of("which", "tshark", "dumpcap"), Map.of(), 10, TimeUnit.SECONDS).exit() == 0,
                "tshark and dumpcap (bin/install-deps) decode and make the captures");
        smb = SambaServer.startWithout445("capture-it");
        work = Files.createTempDirectory("sfs-capture-smb");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
        if (work != null) {
            TempTree.remove(work);
        }
    }

    /** The replay's op counts a session loadfile gives (docs/loadfile.md, "Mapping to the backends"). */
    static Map<String, Long> expectedReplay(List<String> lines) {
        Map<String, Long> m = new TreeMap<>();
        Set<String> dirHandles = new HashSet<>();
        for (String l : lines) {
            if (l.startsWith("#")) {
                continue;
            }
            String[] f = l.split(" ");
            String op = f[1];
            switch (op) {
            case "NTCreateX" -> {
                int n = f.length;
                boolean dir = (Long.decode(f[n - 4]) & 1) != 0;
                if (dir) {
                    dirHandles.add(f[n - 2]);
                    if (!f[n - 3].equals("1")) {
                        m.merge("mkdir", 1L, Long::sum);
                    }
                    m.merge("TRANS2_QUERY_PATH_INFORMATION", 1L, Long::sum);
                } else {
                    m.merge("NT_CREATE_ANDX", 1L, Long::sum);
                }
            }
            case "Close" -> m.merge(dirHandles.contains(f[2]) ? "not issued" : "CLOSE", 1L, Long::sum);
            case "ReadX" -> m.merge("READ_ANDX", 1L, Long::sum);
            case "WriteX" -> m.merge("WRITE_ANDX", 1L, Long::sum);
            case "Flush" -> m.merge("FLUSH", 1L, Long::sum);
            case "LockX", "UnlockX" -> m.merge("LOCKING_ANDX", 1L, Long::sum);
            case "FIND_FIRST" -> m.merge("TRANS2_FIND_FIRST2", 1L, Long::sum);
            case "QUERY_FILE_INFORMATION" -> m.merge("TRANS2_QUERY_FILE_INFORMATION", 1L, Long::sum);
            case "SET_FILE_INFORMATION" -> m.merge("TRANS2_SET_FILE_INFORMATION", 1L, Long::sum);
            case "QUERY_FS_INFORMATION" -> m.merge("TRANS2_QUERY_FS_INFORMATION", 1L, Long::sum);
            case "Unlink" -> m.merge("remove", 1L, Long::sum);
            case "Rmdir" -> m.merge("rmdir", 1L, Long::sum);
            default -> throw new AssertionError("a line sfs capture does not write: " + l);
            }
        }
        return m;
    }

    @Test
    void replayIssuesEveryReplayableOpOfTheCapture() throws Exception {
        String root = "cap" + ProcessHandle.current().pid();
        Path pcap = work.resolve("cifs.pcap");
        try (LoopbackCapture cap = new LoopbackCapture(pcap, smb.port)) {
            EngineLoad run = EngineLoad.run(work, "cifs", smb.config("", 2, 50, root), 3);
            assertEquals(0, run.errors(), run.output);
            cap.stop();
        }
        PcapPorts.rewrite(pcap, smb.port, 445);
        Path out = work.resolve("out");
        String summary = CaptureNfsIT.convert(pcap, out);
        List<Path> loads;
        try (Stream<Path> s = Files.list(out.resolve("loadfiles"))) {
            loads = new ArrayList<>(s.filter(f -> f.getFileName().toString().matches("smb-[0-9a-f]+\\.load")).toList());
        }
        assertEquals(2, loads.size(), "one loadfile per session (one per proc)\n" + summary);
        // in turn, in the order the sessions began, as the capture's first creator of a folder came first
        loads.sort(Comparator.comparing(CaptureSmbIT::firstTime));
        Map<String, Long> expected = new TreeMap<>();
        Map<String, Long> replayed = new TreeMap<>();
        String replayRoot = "rp" + ProcessHandle.current().pid();
        for (Path load : loads) {
            expectedReplay(Files.readAllLines(load)).forEach((k, v) -> expected.merge(k, v, Long::sum));
            String rcfg = String.join("\n", "backend=smb", "target.0=" + smb.target(smb.env.get("SHARE")),
                    "username=" + smb.env.get("USER"), "password=" + smb.password(), "domain=" + smb.env.get("DOMAIN"),
                    "workload=loadfile", "loadfile=" + load, "loadfile_passes=1", "procs=1", "root=" + replayRoot, "");
            EngineLoad replay = EngineLoad.run(work, load.getFileName().toString(), rcfg, 8);
            replay.counts().forEach((k, v) -> replayed.merge(k, v, Long::sum));
            replayed.merge("not issued", notIssued(replay.output), Long::sum);
            replayed.remove("not issued", 0L);
            // the one status sequential replay cannot keep: which session created a folder both
            // create (the capture's interleaving); every other recorded status comes back
            long raced = replay.output.lines().filter(l -> l.startsWith("loadfile: client0 ")
                    && l.endsWith(": expected File exists, got success")).count();
            assertTrue(raced <= 1 && replay.errors() == raced, load + ": every recorded status came back\n"
                    + replay.output);
        }
        assertTrue(expected.getOrDefault("WRITE_ANDX", 0L) > 100 && expected.getOrDefault("READ_ANDX", 0L) > 20,
                "the load reads and writes: " + expected);
        assertEquals(expected, replayed, "replay vs capture per op\n" + summary);
        assertTrue(summary.contains("not replayable, SESSION_SETUP"), summary);
    }

    private static double firstTime(Path load) {
        try {
            return Files.readAllLines(load).stream().filter(l -> !l.startsWith("#")).findFirst()
                    .map(l -> Double.parseDouble(l.split(" ")[0])).orElse(0.0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The ops the replay did not issue (sfsload's error table: the engine's "not issued" status). */
    private static long notIssued(String output) {
        long n = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^error op=\\w+ status="
                + EngineFacts.get("SFS_STATUS_NOT_ISSUED") + " count=(\\d+)$").matcher(output);
        while (m.find()) {
            n += Long.parseLong(m.group(1));
        }
        return n;
    }
}
