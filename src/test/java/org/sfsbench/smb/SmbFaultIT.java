package org.sfsbench.smb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.Phase;
import org.sfsbench.engine.EngineException;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.testsupport.SambaServer;
import org.sfsbench.testsupport.Exclusive;

/**
 * Wrong password, missing share and a server killed during RUN each fail fast with a clear message,
 * through either SMB client library.
 */
@Exclusive(Exclusive.SAMBA_445)
class SmbFaultIT {
    static SambaServer smb;

    @BeforeAll
    static void startSamba() throws Exception {
        smb = SambaServer.start("fault-it");
    }

    @AfterAll
    static void stopSamba() throws Exception {
        if (smb != null) {
            smb.stopAndRemove();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(60)
    void wrongPassword(String client) {
        String wrong = "Wrong-" + smb.password();
        long t0 = System.nanoTime();
        EngineException ex = assertThrows(EngineException.class,
                () -> Engine.open(smb.config(client, 2, 10, "fault", wrong, "share")).close());
        double secs = (System.nanoTime() - t0) / 1e9;
        String m = ex.getMessage();
        assertTrue(m.contains("access denied") && m.contains("wrong user name, password or domain"), m);
        assertTrue(m.contains(smb.target("share")), m);
        assertFalse(m.contains(wrong) || m.contains(smb.password()), "password in: " + m);
        assertTrue(secs < 20, "took " + secs + " s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(60)
    void missingShare(String client) {
        EngineException ex = assertThrows(EngineException.class,
                () -> Engine.open(smb.config(client, 1, 10, "fault", smb.password(), "nosuchshare")).close());
        String m = ex.getMessage();
        assertTrue(m.contains("share not found") && m.contains("nosuchshare"), m);
        assertFalse(m.contains(smb.password()), "password in: " + m);
    }

    @Test
    @Timeout(120)
    void securityDescriptorsSkippedWhenPort445IsNotTheServer() throws Exception {
        SambaServer other = SambaServer.startWithout445("no445-it");
        try {
            Engine.Validation v = Engine.validate(other.config("libsmbclient", 1, 0, "validate"));
            assertEquals(0, v.failures(), v.report());
            assertTrue(v.report().contains("SKIP NT_TRANSACT_QUERY_SECURITY_DESC")
                    && v.report().contains("opens on port 445"), v.report());
            // libsmb2 asks on the connection it has
            Engine.Validation v2 = Engine.validate(other.config("libsmb2", 1, 0, "validate"));
            assertTrue(v2.report().contains("PASS NT_TRANSACT_QUERY_SECURITY_DESC"), v2.report());
            long[] s = CifsLoadPoint.run(other.config("libsmbclient", 2, 20, "no445"), 0, 3);
            assertEquals(0, CifsLoadPoint.total(s, SampleLayout.O_ERRORS));
            assertEquals(0, CifsLoadPoint.word(s, 26, SampleLayout.O_OPS), "security descriptor queries issued");
            assertTrue(CifsLoadPoint.word(s, 34, SampleLayout.O_OPS) > 0, "no NT_CREATE_ANDX");
        } finally {
            other.stopAndRemove();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"libsmb2", "libsmbclient"})
    @Timeout(120)
    void serverKilledMidRun(String client) throws Exception {
        try (Engine e = Engine.open(smb.config(client, 2, 20, "fault"))) {
            e.start(Phase.INIT, 60);
            CifsLoadPoint.await(e, 90_000, "INIT");
            e.start(Phase.RUN, 60);
            assertEquals(Engine.State.RUNNING, e.waitFor(2000));
            smb.stop();
            long t0 = System.nanoTime();
            Engine.State st = Engine.State.RUNNING;
            while (st == Engine.State.RUNNING && System.nanoTime() - t0 < 45_000_000_000L) {
                st = e.waitFor(500);
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            String m = e.error();
            assertEquals(Engine.State.FAILED, st, "RUN still " + st + " " + secs + " s after smbd stopped: " + m);
            assertTrue(m.contains("connection or target lost") && m.contains(smb.target("share")), m);
            assertFalse(m.contains(smb.password()), "password in: " + m);
            assertTrue(secs < 30, "failure noticed only after " + secs + " s");
            System.out.printf("SmbFaultIT: %s: RUN failed %.2f s after smbd stopped: %s%n", client, secs, m);
        } finally {
            smb = SambaServer.start("fault-it", smb.port);
        }
    }
}
