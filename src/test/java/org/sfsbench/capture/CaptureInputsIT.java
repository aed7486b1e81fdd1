package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.TempTree;

/**
 * {@code sfs capture} on bad inputs: a truncated capture is converted up to the cut and says so;
 * a capture without NFSv3/SMB2 traffic, NFSv4 and encrypted SMB3 are refused with the reason and
 * leave no file behind; RPC over UDP is converted and named.
 */
class CaptureInputsIT {
    static Path work;

    @BeforeAll
    static void tools() throws Exception {
        Require.that(ChildProcess.run(List.of("which", "tshark"), Map.of(), 10, TimeUnit.SECONDS).exit() == 0,
                "tshark (bin/install-deps) decodes the captures");
        work = Files.createTempDirectory("sfs-capture-inputs");
    }

    @AfterAll
    static void cleanUp() throws Exception {
        if (work != null) {
            TempTree.remove(work);
        }
    }

    private static ChildProcess.Result capture(Path pcap, Path out) throws Exception {
        return ChildProcess.run(Sfs.command("capture", "-q", "-d", out.toString(), pcap.toString()), Map.of(), 120,
                TimeUnit.SECONDS);
    }

    private static void assertRefused(Path pcap, String why) throws Exception {
        Path out = work.resolve(pcap.getFileName() + ".out");
        ChildProcess.Result r = capture(pcap, out);
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.output().contains("sfs capture: " + pcap + ": ") && r.output().contains(why), r.output());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(List.of(), s.toList(), "nothing half-written");
        }
    }

    /** GETATTR3 call and reply of handle 0x0102030405060708, the reply's fattr3 all zero. */
    private static byte[][] getattr(long xid) {
        byte[] fh = {1, 2, 3, 4, 5, 6, 7, 8};
        PcapBuilder.Xdr call = PcapBuilder.rpcCall(xid, Nfs3Split.NFS_PROGRAM, 3, 1).opaque(fh);
        PcapBuilder.Xdr reply = PcapBuilder.rpcReply(xid).word(0).bytes(new byte[84]);
        return new byte[][] {call.get(), reply.get()};
    }

    @Test
    void aTruncatedCaptureIsConvertedUpToTheCut() throws Exception {
        Path whole = Sfs.home().resolve("src/test/resources/capture/nfs-start.pcapng");
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = work.resolve("cut.pcapng");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        Path out = work.resolve("cut.out");
        ChildProcess.Result r = capture(cut, out);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("the capture is truncated: converted up to the cut"), r.output());
        long lines = Files.readAllLines(out.resolve("loadfiles/127.0.0.1.load")).stream().filter(l -> !l.startsWith("#")).count();
        ChildProcess.Result full = capture(whole, work.resolve("whole.out"));
        assertEquals(0, full.exit(), full.toString());
        long all = Files.readAllLines(work.resolve("whole.out/loadfiles/127.0.0.1.load")).stream().filter(l -> !l.startsWith("#"))
                .count();
        assertTrue(lines > 0 && lines < all, "up to the cut: " + lines + " of " + all + " lines");
    }

    @Test
    void aCaptureWithoutNfsOrSmbIsRefused() throws Exception {
        Path pcap = work.resolve("http.pcap");
        new PcapBuilder(40000, 80, false).packet(true, "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes())
                .packet(false, "HTTP/1.1 204 No Content\r\n\r\n".getBytes()).write(pcap);
        assertRefused(pcap, "no NFSv3 or SMB2/3 traffic");
    }

    @Test
    void nfsVersion4IsRefusedNamingTheVersion() throws Exception {
        Path pcap = work.resolve("nfs4.pcap");
        // COMPOUND with an empty tag, minor version 0 and no ops
        byte[] call = PcapBuilder.rpcCall(7, Nfs3Split.NFS_PROGRAM, 4, 1).words(0, 0, 0).record();
        new PcapBuilder(700, 2049, false).packet(true, call).write(pcap);
        assertRefused(pcap, "is NFS version 4 traffic: sfs capture converts NFSv3");
    }

    @Test
    void encryptedSmb3IsRefusedWithTheReason() throws Exception {
        Path pcap = work.resolve("smb3-encrypted.pcap");
        // the SMB3 transform header (0xFD 'S' 'M' 'B', signature, nonce, size, flags 1 = encrypted, session)
        ByteBuffer t = ByteBuffer.allocate(52 + 64);
        t.put(new byte[] {(byte) 0xfd, 'S', 'M', 'B'}).put(new byte[32]).put(new byte[] {64, 0, 0, 0, 0, 0, 1, 0})
                .putLong(0x1234).put(new byte[64]);
        byte[] smb = t.array();
        byte[] nbss = ByteBuffer.allocate(4 + smb.length).putInt(smb.length).put(smb).array();
        new PcapBuilder(50000, 445, false).packet(true, nbss).write(pcap);
        assertRefused(pcap, "is encrypted SMB3");
    }

    @Test
    void rpcOverUdpIsConvertedAndSaidSo() throws Exception {
        Path pcap = work.resolve("udp.pcap");
        PcapBuilder b = new PcapBuilder(800, 2049, true);
        for (long xid = 1; xid <= 3; xid++) {
            byte[][] m = getattr(xid);
            b.packet(true, m[0]).packet(false, m[1]);
        }
        b.write(pcap);
        Path out = work.resolve("udp.out");
        ChildProcess.Result r = capture(pcap, out);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("6 frames of RPC over UDP: converted like TCP's"), r.output());
        List<String> lines = Files.readAllLines(out.resolve("loadfiles/10.0.0.1.load"));
        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.get(1).matches("0\\.000000 GETATTR3 \"/unnamed/h[0-9a-f]+\" 0x00000000"), lines.toString());
        assertTrue(r.output().contains("1 seen without their name"), r.output());
    }

    @Test
    void anonymizeHashesEveryNameAndSaysSo() throws Exception {
        Path pcap = Sfs.home().resolve("src/test/resources/capture/nfs-start.pcapng");
        Path plain = work.resolve("plain.out");
        Path anon = work.resolve("anon.out");
        assertEquals(0, capture(pcap, plain).exit());
        ChildProcess.Result r = ChildProcess.run(Sfs.command("capture", "-q", "--anonymize", "-d", anon.toString(),
                pcap.toString()), Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains("names anonymized (stable hashes)"), r.output());
        List<String> plainLines = Files.readAllLines(plain.resolve("loadfiles/127.0.0.1.load"));
        try (Stream<Path> s = Files.walk(anon)) {
            List<Path> files = s.filter(Files::isRegularFile).toList();
            Path load = files.stream().filter(f -> f.toString().endsWith(".load")).findFirst().orElseThrow();
            List<String> lines = Files.readAllLines(load);
            assertEquals(plainLines.size(), lines.size());
            assertTrue(lines.get(0).contains("names anonymized (stable hashes)"), lines.get(0));
            for (Path f : files) {
                String text = Files.readString(f);
                assertTrue(!text.contains("capx") && !text.contains("p0000") && !text.contains("127.0.0.1"),
                        f + " shows a name");
            }
            assertTrue(Files.readString(anon.resolve("nfs-start.profile.json")).contains("\"anonymized\" : true"));
        }
        // stable: the same capture gives the same file
        Path again = work.resolve("anon2.out");
        assertEquals(0, ChildProcess.run(Sfs.command("capture", "-q", "--anonymize", "-d", again.toString(),
                pcap.toString()), Map.of(), 120, TimeUnit.SECONDS).exit());
        try (Stream<Path> a = Files.list(anon.resolve("loadfiles")); Stream<Path> b = Files.list(again.resolve("loadfiles"))) {
            Path la = a.filter(f -> f.toString().endsWith(".load")).findFirst().orElseThrow();
            Path lb = b.filter(f -> f.toString().endsWith(".load")).findFirst().orElseThrow();
            assertEquals(la.getFileName(), lb.getFileName());
            assertEquals(Files.readString(la), Files.readString(lb));
        }
    }

    /**
     * Memory does not grow with the packets: 200,000 frames (100,000 GETATTRs over 1,000 files)
     * convert in a 32 MiB heap, with the progress line on standard error. (A stand-in for the
     * 10 million packets of the issue, which would take minutes of CI.)
     */
    @Test
    void aLongCaptureConvertsInASmallHeap() throws Exception {
        Path pcap = work.resolve("long.pcap");
        PcapBuilder b = new PcapBuilder(900, 2049, false);
        for (long xid = 1; xid <= 100_000; xid++) {
            byte[] fh = java.nio.ByteBuffer.allocate(8).putLong(xid % 1000).array();
            b.packet(true, PcapBuilder.rpcCall(xid, Nfs3Split.NFS_PROGRAM, 3, 1).opaque(fh).record());
            b.packet(false, PcapBuilder.rpcReply(xid).word(0).bytes(new byte[84]).record());
        }
        b.write(pcap);
        List<String> cmd = new java.util.ArrayList<>(Sfs.command("capture", "-d", work.resolve("long.out").toString(),
                pcap.toString()));
        cmd.add(1, "-Xmx32m");
        ChildProcess.Result r = ChildProcess.run(cmd, Map.of(), 300, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.output().contains(": 200000 frames, 100000 ops (100000 replayable) of 1 client;"), r.output());
        assertTrue(r.output().contains("1000 seen without their name"), r.output());
        assertTrue(r.output().matches("(?s).*sfs capture: \\d+ frames, \\d+ ops, \\d+ frames/s\n.*")
                || r.seconds() < CaptureConversion.PROGRESS_S + 1, "progress every 2 s: " + r.output());
    }
}
