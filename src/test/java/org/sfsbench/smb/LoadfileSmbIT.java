package org.sfsbench.smb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.ErrorCount;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * workload=loadfile with backend smb against smbd on loopback: two clients replay the test
 * loadfiles (client.txt with NTCreateX/ReadX/... on SMB handles, and the timestamped SMB names)
 * with every expected status met.
 */
@Exclusive(Exclusive.SAMBA_445)
class LoadfileSmbIT {
    static SambaServer smb;

    @BeforeAll
    static void startSamba() throws Exception {
        smb = SambaServer.start("loadfile-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
    }

    private static EngineSample replay(String fixture, int passes) throws Exception {
        Path file = Path.of(System.getProperty("sfs.home", "."), "native/tests/loadfiles", fixture);
        String cfg = smb.config(2, 0, "lf").replace("workload=sfs2008-cifs", "workload=loadfile")
                .replace("target.0=" + smb.target(smb.env.get("SHARE")),
                        "target.0=" + smb.target(smb.env.get("SHARE")) + "\ntarget.1=" + smb.target(smb.env.get("SHARE")))
                + "loadfile=" + file + "\nloadfile_passes=" + passes + "\n";
        return EngineSample.decode(CifsLoadPoint.run(cfg, 0, 60));
    }

    @Test
    void clientTxtFormatReplaysOnSmbHandlesWithoutErrors() throws Exception {
        EngineSample s = replay("classic.txt", 5);
        assertEquals(0, s.total().errors(), s.errors().toString());
        assertTrue(s.total().ops() > 2000, "ops " + s.total().ops());
        assertEquals(2 * 5 * 100, s.op(CifsLoadPoint.CIFS_FIRST_OP + 9).ops(), "WRITE_ANDX");
    }

    @Test
    void timestampedSmbNamesReplayWithoutErrors() throws Exception {
        EngineSample s = replay("smb.load", 20);
        assertEquals(0, s.total().errors(), s.errors().toString());
        assertTrue(s.total().ops() > 500, "ops " + s.total().ops());
        for (ErrorCount e : s.errors()) {
            assertEquals(SampleLayout.STATUS_NOT_ISSUED, e.status(), "only not-issued entries: " + e);
        }
    }
}
