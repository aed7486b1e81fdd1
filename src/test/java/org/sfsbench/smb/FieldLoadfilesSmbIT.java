package org.sfsbench.smb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.LoadfileReplay;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * dbench's own SMB loadfiles (src/test/resources/field) replay with the smb backend against smbd
 * on loopback, one client, every expected status met; smb_2.load after smb_1.load, whose folder it
 * writes in.
 */
@Exclusive(Exclusive.SAMBA_445)
class FieldLoadfilesSmbIT {
    static SambaServer smb;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSamba() throws Exception {
        smb = SambaServer.start("field-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
    }

    /** The backend lines of the server's engine configuration, without its workload keys. */
    private static String backend() {
        return smb.config(1, 0, "lf").lines().filter(l -> l.startsWith("backend=") || l.startsWith("smb_client=")
                || l.startsWith("target.") || l.startsWith("username=") || l.startsWith("password=")
                || l.startsWith("domain=")).reduce("", (a, b) -> a + b + "\n").strip();
    }

    @Test
    void dbenchsSmbLoadfilesReplayAgainstSmbd() throws Exception {
        Files.createDirectories(dir);
        LoadfileReplay.replay(dir, backend(), "dbench/smb.load");
        LoadfileReplay.replay(dir, backend(), "dbench/smb_3.load");
        assertEquals(2 * 13, LoadfileReplay.replay(dir, backend(), "dbench/smb_1.load"));
        assertEquals(2 * 12, LoadfileReplay.replay(dir, backend(), "dbench/smb_2.load"));
    }
}
