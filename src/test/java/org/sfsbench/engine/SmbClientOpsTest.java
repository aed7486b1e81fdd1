package org.sfsbench.engine;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What the run-rule check asks the engine (RunSession: ops of the target mix that cannot be
 * issued): the answer for the smb backend follows the SMB client library of the run.
 */
class SmbClientOpsTest {
    static final List<String> NOT_IN_LIBSMBCLIENT = List.of("ECHO", "LOCKING_ANDX", "FLUSH");

    static int op(String name) {
        for (int i = 0; Engine.opName(i) != null; i++) {
            if (name.equals(Engine.opName(i))) {
                return i;
            }
        }
        throw new AssertionError("no op " + name);
    }

    @Test
    void libsmb2IssuesTheWholeCifsTable() {
        assertTrue(NativeEngine.version().contains("libsmb2"), "engine built without libsmb2: " + NativeEngine.version());
        for (String name : NOT_IN_LIBSMBCLIENT) {
            assertNull(Engine.opUnavailable("smb", "smb_client=libsmb2", op(name)), name);
            assertNull(Engine.opUnavailable("smb", "", op(name)), name + " with the default client");
        }
    }

    @Test
    void libsmbclientNamesWhatItCannotIssue() {
        for (String name : NOT_IN_LIBSMBCLIENT) {
            String why = Engine.opUnavailable("smb", "smb_client=libsmbclient", op(name));
            assertNotNull(why, name);
            assertTrue(why.contains("libsmbclient 4.17 has no call"), why);
        }
        assertNull(Engine.opUnavailable("smb", "smb_client=libsmbclient", op("READ_ANDX")));
    }
}
