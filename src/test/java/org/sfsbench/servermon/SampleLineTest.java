package org.sfsbench.servermon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.results.model.ServerResult;

/** The collector's line format, a /proc read into it, and the sanity check's margin. */
class SampleLineTest {
    @Test
    void procReadsBackFromItsLine(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("net/rpc"));
        Files.writeString(dir.resolve("stat"), "cpu  100 2 30 800 40 0 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8\n");
        Files.writeString(dir.resolve("net/dev"), "Inter-|   Receive\n face |bytes\n"
                + "    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0\n"
                + "  eth0: 5000 50 0 0 0 0 0 0 7000 70 0 0 0 0 0 0\n");
        Files.writeString(dir.resolve("diskstats"), "   8       0 sdz 10 0 80 0 20 0 160 0 0 0 0\n"
                + "   7       0 loop0 1 0 8 0 0 0 0 0 0 0 0\n");
        Files.writeString(dir.resolve("net/rpc/nfsd"), "rc 0 0 0\nproc3 22 0 7 0 3 0 0 11 13 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
        ServerSample s = new ProcReader(dir).read();
        ServerSample back = SampleLine.parse(SampleLine.format(s));
        assertArrayEquals(new long[] {100, 2, 30, 800, 40, 0, 5, 0}, back.cpu());
        assertArrayEquals(new long[] {5000, 7000}, back.net().get("eth0"));
        assertEquals(6000, back.netBytes(0), "loopback counts too");
        assertArrayEquals(new long[] {10, 80 * 512, 20, 160 * 512}, back.disks().get("sdz"));
        assertEquals(1, back.disks().size(), "no loop devices");
        Map<String, Long> used = new java.util.TreeMap<>(back.nfsd());
        used.values().removeIf(v -> v == 0);
        assertEquals(Map.of("getattr", 7L, "lookup", 3L, "read", 11L, "write", 13L), used);
        assertEquals(137, back.cpuBusy());
        Files.delete(dir.resolve("net/rpc/nfsd"));
        assertNull(new ProcReader(dir).read().nfsd(), "no kernel NFS server");
    }

    @Test
    void badLinesNameTheField() {
        assertNull(SampleLine.parse("# a comment"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SampleLine.parse("hello"))
                .getMessage().contains("sfsmon"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> SampleLine.parse("sfsmon 1 5 cpu=1,2,3")).getMessage().contains("cpu=1,2,3"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> SampleLine.parse("sfsmon 1 5 cpu=1,2,3,4,5,6,7,8 net.eth0=x,1")).getMessage().contains("net.eth0"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> SampleLine.parse("sfsmon 1 5 cpu=1,2,3,4,5,6,7,8 gpu=1")).getMessage().contains("gpu"));
    }

    @Test
    void checkFlagsAServerThatSawLessThanTheClientsSent() {
        ServerSample a = SampleLine.parse("sfsmon 1 0 cpu=0,0,0,0,0,0,0,0 net.eth0=0,0");
        ServerSample ok = SampleLine.parse("sfsmon 1 10000 cpu=100,0,100,800,0,0,0,0 net.eth0=1000000,2100000");
        ServerSample shortOne = SampleLine.parse("sfsmon 1 10000 cpu=100,0,100,800,0,0,0,0 net.eth0=1000000,1000000");
        ServerResult r = ServerFigures.of(a, ok, 1000, 2_000_000, 1_000_000, true, true);
        assertTrue(!r.flagged() && r.netCheck().contains(": ok"), r.netCheck());
        assertEquals(20.0, r.cpuBusyPercent(), 1e-9);
        assertEquals(2000.0, r.cpuUsPerOp(), 1e-9, "200 busy ticks = 2 s of CPU for 1000 ops");
        assertEquals(0.21, r.netTxMBps(), 1e-9);
        assertTrue(r.nfsCheck().contains("/proc/net/rpc/nfsd absent"), r.nfsCheck());
        ServerResult s = ServerFigures.of(a, shortOne, 1000, 2_000_000, 1_000_000, true, true);
        assertTrue(s.flagged() && s.netCheck().contains("SHORT"), s.netCheck());
        assertTrue(!ServerFigures.of(a, shortOne, 1000, 2_000_000, 1_000_000, false, false).flagged(),
                "no network, no network check");
    }
}
