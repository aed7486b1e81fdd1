package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.Sfs;

/** The NFSv3 decoder on the fixtures of src/test/resources/capture (README.md there), decoded by tshark. */
class Nfs3DecodeTest {
    private static final long XFER_MAX = 1 << 20;

    private static List<CapturedOp> decode(String fixture, Nfs3Decoder[] decoder) throws Exception {
        Require.that(ChildProcess.run(List.of("which", "tshark"), Map.of(), 10, TimeUnit.SECONDS).exit() == 0,
                "tshark (bin/install-deps) decodes the fixtures");
        List<CapturedOp> ops = new ArrayList<>();
        Nfs3Decoder d = new Nfs3Decoder(new Names(false), XFER_MAX, ops::add);
        decoder[0] = d;
        Path pcap = Sfs.home().resolve("src/test/resources/capture/" + fixture);
        try (TsharkStream t = new TsharkStream(pcap, List.of())) {
            for (FrameRow r = t.next(); r != null; r = t.next()) {
                List<Integer> versions = new ArrayList<>();
                for (Nfs3Message m : Nfs3Split.messages(r, versions)) {
                    d.accept(m);
                }
                assertTrue(versions.stream().allMatch(v -> v == 3), versions.toString());
            }
            d.finish();
            assertEquals(0, t.finish(), t.errors());
        }
        return ops;
    }

    private static List<String> bodies(List<CapturedOp> ops) {
        return ops.stream().map(o -> o.body() == null ? o.why() : o.body()).toList();
    }

    @Test
    void fromTheMountOnEveryNameIsKnown() throws Exception {
        Nfs3Decoder[] d = new Nfs3Decoder[1];
        List<CapturedOp> ops = decode("nfs-start.pcapng", d);
        List<String> b = bodies(ops);
        assertEquals("NULL: NULL is no file-system operation", b.get(0));
        assertEquals("FSINFO3 0x00000000", b.get(1));
        assertEquals("GETATTR3 \"/\" 0x00000000", b.get(2));
        assertTrue(b.contains("MKDIR3 \"/capx\" 0x00000000"), b.toString());
        assertTrue(b.contains("MKDIR3 \"/capx\" 0x00000011"), "the second client's MKDIR: NFS3ERR_EXIST\n" + b);
        assertTrue(b.contains("REMOVE3 \"/capx/p0000/d00000/f0000000\" 0x00000002"), b.toString());
        assertTrue(b.contains("WRITE3 \"/capx/p0000/d00000/f0000000\" 0 16384 0 0x00000000"), b.toString());
        // the COMMIT whose reply the cut left out: any status, in its call's place
        assertEquals(List.of("COMMIT3 \"/capx/p0000/d00000/f0000000\" *"), b.stream().filter(l -> l.endsWith("*"))
                .toList());
        assertEquals("MKDIR3 \"/capx/p0001/d00003\" 0x00000000", b.get(b.size() - 1));
        assertEquals(0, d[0].paths().madeUpCount());
        assertEquals(1, d[0].callsWithoutReply());
        CapturedOp w = ops.stream().filter(o -> o.mixOp().equals("wrcache")).findFirst().orElseThrow();
        assertEquals(16384, w.length());
        assertEquals("127.0.0.1", w.client());
        // call order: timestamps never go back
        for (int i = 1; i < ops.size(); i++) {
            assertTrue(ops.get(i).time() >= ops.get(i - 1).time(), "line " + i);
        }
    }

    @Test
    void inTheMiddleHandlesWithoutNamesGetMadeUpPaths() throws Exception {
        Nfs3Decoder[] d = new Nfs3Decoder[1];
        List<CapturedOp> ops = decode("nfs-middle.pcapng", d);
        assertTrue(d[0].paths().madeUpCount() > 5, "made up: " + d[0].paths().madeUpCount());
        for (CapturedOp o : ops) {
            assertTrue(o.body() == null || o.body().matches("[A-Z0-9]+ (\"/unnamed/h[0-9a-f]+(/[^\"]+)?\" )?.*"),
                    o.body());
        }
        assertTrue(d[0].repliesWithoutCall() + d[0].callsWithoutReply() > 0, "the cut has calls or replies alone");
        assertNull(ops.stream().filter(o -> o.body() != null && o.body().startsWith("LOOKUP3 \"/x")).findFirst()
                .orElse(null), "no directory of the middle is taken for the root");
    }
}
