package org.sfsbench.nfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.GuideTables;
import org.sfsbench.testsupport.TempTree;

/**
 * Proof on the wire: an engine run (backend nfs3, SPECsfs2008 NFS mix) against NFS-Ganesha,
 * started on loopback by src/test/servers/ganesha.sh in @BeforeAll and stopped in @AfterAll,
 * captured with dumpcap and decoded with tshark. Every RPC the engine counted is on the wire,
 * each procedure's share of logical ops is within 1 point of the mix, and COMMIT is sent only
 * after WRITE replies that said UNSTABLE.
 */
class NfsWireProofIT {
    static GaneshaServer server;
    static Path nativeDir;
    static Path work;

    /** guide 2.2.1, SPECsfs2008 column */
    static final Map<String, Double> MIX = GuideTables.NFS_MIX;

    /** RFC 1813 procedure numbers */
    static final Map<Integer, String> PROC = Map.ofEntries(Map.entry(1, "getattr"),
            Map.entry(2, "setattr"), Map.entry(3, "lookup"), Map.entry(4, "access"),
            Map.entry(5, "readlink"), Map.entry(6, "read"), Map.entry(7, "write"),
            Map.entry(8, "create"), Map.entry(12, "remove"), Map.entry(16, "readdir"),
            Map.entry(17, "readdirplus"), Map.entry(18, "fsstat"), Map.entry(21, "commit"));

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.that("root".equals(System.getProperty("user.name")),
                "NFS-Ganesha's VFS FSAL and packet capture need root");
        Path classes = Path.of(NfsWireProofIT.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        nativeDir = classes.getParent().resolve("native");
        work = Files.createTempDirectory("sfs-nfs-wire");
        server = new GaneshaServer(work.resolve("ganesha"));
        server.start();
    }

    @AfterAll
    static void stopGanesha() throws Exception {
        if (server != null) {
            server.stop();
        }
        TempTree.remove(work);
    }

    private static final Pattern OP =
            Pattern.compile("op=(\\w+) count=(\\d+) errors=(\\d+) physical=(\\d+)");

    @Test
    void wireMatchesTheEngineAndTheMix() throws Exception {
        String cfg = "backend=nfs3\nworkload=sfs2008-nfs\nprocs=2\n"
                + "target.0=" + server.url() + "\ntarget.1=" + server.url() + "\n"
                + "root=wire\nrate=0\nfileset_rate=100\nfileset_scale=0.001\n"
                + "block_size=65536\nbiod_reads=2\nbiod_writes=2\nseed=11\n";
        Path cfgFile = work.resolve("wire.cfg");
        Files.writeString(cfgFile, cfg, StandardCharsets.UTF_8);
        Path pcap = work.resolve("run.pcapng");

        // INIT first, then capture only the measured phase
        ChildProcess gate = ChildProcess.start(List.of(nativeDir.resolve("sfsgate").toString(), cfgFile.toString(),
                "2"), Map.of());
        assertTrue(gate.awaitOutput("READY", 60_000), gate.output());
        // a large kernel buffer: the capture must not drop packets (checked below)
        ChildProcess cap = ChildProcess.start(List.of("dumpcap", "-i", "lo", "-B", "64", "-f",
                "tcp port " + server.port(), "-w", pcap.toString()), Map.of());
        assertTrue(capturing(cap), "dumpcap does not capture: " + cap.output());
        gate.send("GO");
        ChildProcess.Result run = gate.await(60, TimeUnit.SECONDS);
        assertEquals(0, run.exit(), run.toString());
        Thread.sleep(500);
        new ProcessBuilder("kill", "-INT", Long.toString(cap.pid())).start().waitFor();
        ChildProcess.Result capture = cap.await(20, TimeUnit.SECONDS);
        assertTrue(capture.output().matches("(?s).*Packets received/dropped on interface '[^']*': \\d+/0 .*"),
                "the capture dropped packets, counts would not compare: " + capture.output());

        Map<String, long[]> engine = new TreeMap<>();   // op -> {count, errors, physical}
        Matcher m = OP.matcher(run.output());
        while (m.find()) {
            engine.put(m.group(1), new long[] {Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)), Long.parseLong(m.group(4))});
        }
        assertTrue(engine.keySet().containsAll(MIX.keySet()), run.output());

        Map<String, Long> wire = callsPerProcedure(pcap);
        String report = "engine " + run.output() + "\nwire " + wire;
        // every RPC the engine counted went out, and nothing else did
        for (Map.Entry<String, long[]> e : engine.entrySet()) {
            String op = e.getKey();
            long calls = wire.getOrDefault(op, 0L) + (op.equals("write") ? wire.getOrDefault("commit", 0L) : 0);
            assertEquals(e.getValue()[2], calls, op + " RPCs on the wire vs engine physical\n" + report);
            assertEquals(0, e.getValue()[1], op + " errors\n" + report);
        }
        assertTrue(engine.get("read")[2] > engine.get("read")[0],
                "64 KiB blocks must split some logical reads\n" + report);

        // logical ops per procedure from the wire: READ/WRITE RPCs scaled by the engine's
        // logical/physical ratio, every other procedure is one call per op
        Map<String, Double> logical = new HashMap<>();
        double total = 0;
        for (String op : MIX.keySet()) {
            double calls = wire.getOrDefault(op, 0L);
            if (op.equals("read") || op.equals("write")) {
                if (op.equals("write")) {
                    calls += wire.getOrDefault("commit", 0L);
                }
                long[] c = engine.get(op);
                calls = calls * c[0] / c[2];
            }
            logical.put(op, calls);
            total += calls;
        }
        assertTrue(total > 5000, "too few ops for shares: " + total);
        for (Map.Entry<String, Double> e : MIX.entrySet()) {
            double share = 100.0 * logical.get(e.getKey()) / total;
            assertTrue(Math.abs(share - e.getValue()) <= 1.0,
                    e.getKey() + " share " + share + " % vs mix " + e.getValue() + " %\n" + report);
        }
        assertCommitOnlyAfterUnstable(pcap, report);
    }

    /** dumpcap prints "File:" before it really captures: knock on the NFS port (TCP
     *  connects, no RPC) until its packet counter moves. */
    private static boolean capturing(ChildProcess cap) throws Exception {
        if (!cap.awaitOutput("File:", 10_000)) {
            return false;
        }
        for (int i = 0; i < 50; i++) {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", server.port())) {
                s.setSoLinger(true, 0);
            }
            if (cap.awaitOutput("Packets: ", 200)) {
                return true;
            }
        }
        return false;
    }

    /** The server's private port is not NFS's: without this, tshark picks a connection's dissector
     *  by its lower port, and a client port that happens to be registered to another protocol
     *  hides that connection's RPCs (seen as half the calls missing). */
    private static String decodeAsRpc() {
        return "tcp.port==" + server.port() + ",rpc";
    }

    private static Map<String, Long> callsPerProcedure(Path pcap) throws Exception {
        ChildProcess.Result r = ChildProcess.run(List.of("tshark", "-r", pcap.toString(), "-d", decodeAsRpc(), "-Y",
                "rpc.msgtyp == 0", "-T", "fields", "-e", "nfs.procedure_v3"), Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.toString());
        Map<String, Long> n = new TreeMap<>();
        for (String line : r.output().split("\n")) {
            for (String v : line.trim().split(",")) {   // several calls can share a frame
                if (v.matches("\\d+")) {
                    n.merge(PROC.getOrDefault(Integer.parseInt(v), "proc" + v), 1L, Long::sum);
                }
            }
        }
        return n;
    }

    /** Per connection (one proc each, one logical op at a time): a COMMIT call must follow a
     *  WRITE reply with committed = UNSTABLE (0) since the previous COMMIT. */
    private static void assertCommitOnlyAfterUnstable(Path pcap, String report) throws Exception {
        ChildProcess.Result r = ChildProcess.run(List.of("tshark", "-r", pcap.toString(), "-d", decodeAsRpc(), "-Y",
                "(rpc.msgtyp == 0 && nfs.procedure_v3 == 21) || nfs.write.committed", "-T", "fields",
                "-e", "frame.number", "-e", "tcp.stream", "-e", "rpc.msgtyp", "-e",
                "nfs.write.committed"), Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.toString());
        Map<String, Boolean> unstablePending = new HashMap<>();
        List<String> bad = new ArrayList<>();
        long commits = 0;
        for (String line : r.output().split("\n")) {
            String[] f = line.split("\t", -1);
            if (f.length < 4 || !f[0].matches("\\d+")) {
                continue;
            }
            String stream = f[1];
            if (!f[3].isEmpty()) {                     // WRITE reply(s)
                for (String c : f[3].split(",")) {
                    if (c.equals("0")) {
                        unstablePending.put(stream, true);
                    }
                }
            } else {                                   // COMMIT call
                commits++;
                if (!unstablePending.getOrDefault(stream, false)) {
                    bad.add("frame " + f[0]);
                }
                unstablePending.put(stream, false);
            }
        }
        assertTrue(commits > 0, "Ganesha answers UNSTABLE: COMMITs expected\n" + report);
        assertTrue(bad.isEmpty(), "COMMIT without a preceding UNSTABLE WRITE reply: " + bad);
    }
}
