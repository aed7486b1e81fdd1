package org.sfsbench.nfs;


import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.TempTree;
import org.sfsbench.testsupport.LoadfileReplay;
import org.sfsbench.testsupport.Require;

/**
 * dbench's own NFS loadfiles (src/test/resources/field) replay with the nfs3 backend against
 * NFS-Ganesha on loopback, one client, every expected status met (LOCK4/UNLOCK4/TEST4 of nfs.load
 * are not issued, which is no error).
 */
class FieldLoadfilesNfsIT {
    static GaneshaServer server;
    static Path work;

    @BeforeAll
    static void startGanesha() throws Exception {
        Require.root("NFS-Ganesha's VFS FSAL (open_by_handle_at)");
        work = Files.createTempDirectory("sfs-field-nfs");
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

    @Test
    void dbenchsNfsLoadfilesReplayAgainstGanesha() throws Exception {
        for (String name : new String[] {"dbench/nfs.load", "dbench/nfs_2.load"}) {
            LoadfileReplay.replay(work, "backend=nfs3\ntarget.0=" + server.url(), name);
        }
    }
}
