package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** The SMB2 decoder on src/test/resources/capture/smb-start.pcapng (README.md there), decoded by tshark. */
class Smb2DecodeTest {
    @Test
    void sessionsCompoundsAndHandles() throws Exception {
        Require.that(ChildProcess.run(List.of("which", "tshark"), Map.of(), 10, TimeUnit.SECONDS).exit() == 0,
                "tshark (bin/install-deps) decodes the fixture");
        List<CapturedOp> ops = new ArrayList<>();
        Smb2Decoder d = new Smb2Decoder(new Names(false), 1 << 20, ops::add);
        Path pcap = Sfs.home().resolve("src/test/resources/capture/smb-start.pcapng");
        try (TsharkStream t = new TsharkStream(pcap, List.of("tcp.port==44445,nbss"))) {
            for (FrameRow r = t.next(); r != null; r = t.next()) {
                assertTrue(!Smb2Decoder.encrypted(r));
                d.accept(r);
            }
            d.finish();
            assertEquals(0, t.finish(), t.errors());
        }
        List<String> one = ops.stream().filter(o -> o.client().equals("smb-47f482bf") && o.replayable())
                .map(CapturedOp::body).toList();
        assertEquals("NTCreateX \"\\\" 0x0 1 1 NT_STATUS_OK", one.get(0), "the share's root, opened by a compound");
        assertEquals("Close 1 NT_STATUS_OK", one.get(1), "the compound's CLOSE on the CREATE's related file id");
        assertEquals("NTCreateX \"\\capx\" 0x1 2 2 NT_STATUS_OBJECT_NAME_COLLISION", one.get(2));
        assertTrue(one.contains("NTCreateX \"\\capx\\p0001\\d00000\\f0000000\" 0x1040 1 12"
                + " NT_STATUS_OBJECT_NAME_NOT_FOUND"), one.toString());
        assertEquals("NTCreateX \"\\capx\\p0001\\d00000\\f0000000\" 0x0 1 14 *", one.get(one.size() - 1),
                "the CREATE whose reply the cut left out: any status");
        assertTrue(ops.stream().filter(o -> o.mixOp().equals("SESSION_SETUP")).allMatch(o -> !o.replayable()));
        assertTrue(ops.stream().anyMatch(o -> o.replayable() && o.body().startsWith("QUERY_FS_INFORMATION 10")),
                "QUERY_INFO of the file system: an SMB1 pass-through level");
    }
}
