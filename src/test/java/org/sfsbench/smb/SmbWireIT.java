package org.sfsbench.smb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * Proof on the wire: the SMB2 requests tshark sees on the test port during RUN agree with the
 * engine's own physical-request counters, op by op, using the multiplicities of docs/smb.md, for
 * each SMB client library.
 */
@Exclusive(Exclusive.SAMBA_445)
class SmbWireIT {
    // SMB2 command codes
    static final int CREATE = 5, CLOSE = 6, FLUSH = 7, READ = 8, WRITE = 9, LOCK = 10, ECHO = 13,
            QUERY_DIRECTORY = 14, QUERY_INFO = 16, SET_INFO = 17;

    /** SMB2 requests per logical op through libsmb2 (docs/smb.md, "Wire cost"). */
    static final Map<String, Map<Integer, Integer>> LIBSMB2 = Map.ofEntries(
            Map.entry("NT_CREATE_ANDX", Map.of(CREATE, 1)),
            Map.entry("CLOSE", Map.of(CLOSE, 1)),
            Map.entry("READ_ANDX", Map.of(READ, 1)),
            Map.entry("WRITE_ANDX", Map.of(WRITE, 1)),
            Map.entry("TRANS2_QUERY_FILE_INFORMATION", Map.of(QUERY_INFO, 1)),
            Map.entry("TRANS2_SET_FILE_INFORMATION", Map.of(SET_INFO, 1)),
            Map.entry("TRANS2_QUERY_PATH_INFORMATION", Map.of(CREATE, 1, QUERY_INFO, 1, CLOSE, 1)),
            Map.entry("NT_TRANSACT_QUERY_SECURITY_DESC", Map.of(CREATE, 1, QUERY_INFO, 1, CLOSE, 1)),
            Map.entry("TRANS2_FIND_FIRST2", Map.of(CREATE, 1, QUERY_DIRECTORY, 2, CLOSE, 1)),
            Map.entry("TRANS2_QUERY_FS_INFORMATION", Map.of(QUERY_INFO, 1)),
            Map.entry("ECHO", Map.of(ECHO, 1)),
            Map.entry("LOCKING_ANDX", Map.of(LOCK, 1)),
            Map.entry("FLUSH", Map.of(FLUSH, 1)));

    /** SMB2 requests per logical op through libsmbclient (docs/smb.md, "Wire cost"). */
    static final Map<String, Map<Integer, Integer>> LIBSMBCLIENT = Map.of(
            "NT_CREATE_ANDX", Map.of(CREATE, 1),
            "CLOSE", Map.of(CLOSE, 1),
            "READ_ANDX", Map.of(READ, 1),
            "WRITE_ANDX", Map.of(WRITE, 1),
            "TRANS2_QUERY_FILE_INFORMATION", Map.of(QUERY_INFO, 1),
            "TRANS2_SET_FILE_INFORMATION", Map.of(SET_INFO, 1),
            "TRANS2_QUERY_PATH_INFORMATION", Map.of(CREATE, 1, QUERY_INFO, 1, CLOSE, 1),
            "NT_TRANSACT_QUERY_SECURITY_DESC", Map.of(CREATE, 1, QUERY_INFO, 1, CLOSE, 1),
            "TRANS2_FIND_FIRST2", Map.of(CREATE, 1, QUERY_DIRECTORY, 2, CLOSE, 1),
            "TRANS2_QUERY_FS_INFORMATION", Map.of(CREATE, 2, QUERY_INFO, 2, CLOSE, 2));

    static SambaServer smb;

    @BeforeAll
    static void startSamba() throws Exception {
        smb = SambaServer.start("wire-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(120)
    void wireRequestsMatchEngineCounters(String client, @TempDir Path dir) throws Exception {
        final int procs = 2;
        final double runSeconds = 5;
        boolean libsmb2 = client.equals("libsmb2");
        Map<String, Map<Integer, Integer>> multiplicity = libsmb2 ? LIBSMB2 : LIBSMBCLIENT;
        Path pcap = dir.resolve("run.pcap");
        Path dumpErr = dir.resolve("dumpcap.err");
        Process[] dumpcap = new Process[1];
        long[] s = CifsLoadPoint.run(smb.config(client, procs, 40, "wire"), 0, runSeconds, () -> {
            dumpcap[0] = new ProcessBuilder("dumpcap", "-q", "-P", "-B", "64", "-i", "lo", "-f", "tcp port " + smb.port,
                    "-w", pcap.toString()).redirectErrorStream(true).redirectOutput(dumpErr.toFile()).start();
            long deadline = System.currentTimeMillis() + 15_000;
            while (!(Files.exists(dumpErr) && Files.readString(dumpErr).contains("Capturing on"))) {
                assertTrue(System.currentTimeMillis() < deadline && dumpcap[0].isAlive(),
                        "dumpcap did not start: " + (Files.exists(dumpErr) ? Files.readString(dumpErr) : ""));
                Thread.sleep(100);
            }
            Thread.sleep(300);
        }, () -> {
            // stop the capture before the engine disconnects; SIGINT lets dumpcap flush its buffers
            Thread.sleep(300);
            new ProcessBuilder("kill", "-INT", Long.toString(dumpcap[0].pid())).start().waitFor();
            assertTrue(dumpcap[0].waitFor(20, TimeUnit.SECONDS), "dumpcap did not stop");
        });
        String capture = Files.readString(dumpErr);
        assertTrue(capture.matches("(?s).*received/dropped on interface .*: \\d+/0 .*"),
                "dumpcap dropped packets: " + capture);

        Map<Integer, Long> wire = countRequests(pcap);
        Map<Integer, Long> expected = new TreeMap<>();
        long physical = 0, logical = 0, modelled = 0;
        StringBuilder table = new StringBuilder();
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            long n = CifsLoadPoint.word(s, op, SampleLayout.O_OPS);
            long phys = CifsLoadPoint.word(s, op, SampleLayout.O_PHYSICAL);
            if (n == 0) {
                continue;
            }
            String name = Engine.opName(op);
            Map<Integer, Integer> mult = multiplicity.get(name);
            assertTrue(mult != null, "unexpected op " + name);
            int per = mult.values().stream().mapToInt(Integer::intValue).sum();
            table.append(String.format("%-32s ops %5d physical %6d (%d per op)%n", name, n, phys, per));
            // the engine's own count follows the same multiplicity; QUERY_FS_INFO also opens its
            // handle file once per proc
            long extra = phys - n * per;
            assertTrue(extra == 0 || ("TRANS2_QUERY_FS_INFORMATION".equals(name) && extra > 0 && extra <= procs),
                    name + ": " + phys + " physical for " + n + " ops\n" + table);
            for (Map.Entry<Integer, Integer> m : mult.entrySet()) {
                expected.merge(m.getKey(), n * m.getValue(), Long::sum);
            }
            expected.merge(CREATE, extra, Long::sum);
            physical += phys;
            logical += n;
            modelled += n * per + extra;
        }
        // libsmbclient sends keep-alive ECHOs of its own; libsmb2 only the workload's
        long echoes = libsmb2 ? 0 : wire.getOrDefault(ECHO, 0L);
        Map<Integer, Long> seen = new TreeMap<>(wire);
        if (!libsmb2) {
            seen.remove(ECHO);
        }
        String msg = "wire (SMB2 command -> requests) " + wire + "\nexpected from engine counters " + expected
                + "\n" + table;
        System.out.println("SmbWireIT " + client + ": " + logical + " ops, " + physical + " physical requests, " + echoes
                + " keep-alive echoes\n" + msg);
        assertTrue(logical > 0.9 * procs * 40 * runSeconds, msg);
        assertEquals(physical, modelled, msg);
        assertEquals(expected, seen, msg);
        // libsmbclient's own keep-alive: at most one ECHO per connection per 10 s request timeout
        assertTrue(echoes <= procs * (1 + (long) Math.ceil(runSeconds / 10)), msg);
    }

    /**
     * Wireshark reads the 24-bit length of direct-hosted SMB (needed for PDUs over 128 KiB) only on
     * port 445; on any other port it falls back to NetBIOS framing and loses track after the first
     * large WRITE. So the capture's test port is rewritten to 445 before dissection (classic pcap,
     * Ethernet framing on lo, IPv4; checksums are not verified by tshark).
     */
    static Path asPort445(Path pcap, int port) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(pcap));
        int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        assertTrue(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d, "not a little-endian classic pcap");
        assertEquals(1, b.getInt(20), "link type must be Ethernet (lo)");
        int at = 24;
        while (at + 16 <= b.limit()) {
            int caplen = b.getInt(at + 8);
            int eth = at + 16;
            if (caplen >= 34 && (b.get(eth + 12) & 0xff) == 0x08 && b.get(eth + 13) == 0 && b.get(eth + 23) == 6) {
                int tcp = eth + 14 + (b.get(eth + 14) & 0x0f) * 4;
                for (int field = tcp; field <= tcp + 2; field += 2) {
                    if ((b.order(ByteOrder.BIG_ENDIAN).getShort(field) & 0xffff) == port) {
                        b.putShort(field, (short) 445);
                    }
                }
                b.order(ByteOrder.LITTLE_ENDIAN);
            }
            at += 16 + caplen;
        }
        Path out = pcap.resolveSibling("port445.pcap");
        Files.write(out, b.array());
        return out;
    }

    static Map<Integer, Long> countRequests(Path capture) throws Exception {
        Path pcap = asPort445(capture, smb.port);
        Process p = new ProcessBuilder("tshark", "-r", pcap.toString(),
                "-Y", "smb2.flags.response == 0", "-T", "fields", "-e", "smb2.cmd").redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "tshark failed");
        Map<Integer, Long> counts = new TreeMap<>();
        for (String line : out.split("\n")) {
            for (String cmd : List.of(line.split(","))) {
                if (!cmd.isBlank()) {
                    counts.merge(Integer.parseInt(cmd.trim()), 1L, Long::sum);
                }
            }
        }
        return counts;
    }
}
