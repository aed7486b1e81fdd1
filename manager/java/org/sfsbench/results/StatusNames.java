package org.sfsbench.results;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.SampleLayout;

/**
 * Readable names of the protocol status codes found in the engine's error table, as the engine
 * names them (sfs_engine_status_name): NFSv3 status codes for nfs3 (RFC 1813), NTSTATUS values for
 * smb through libsmb2 (STATUS_ACCESS_DENIED; their int32 is negative), errno values for posix and
 * smb through libsmbclient. Unknown codes print as their number (an NTSTATUS in hex).
 */
public final class StatusNames {
    private StatusNames() {
    }

    /** "NAME (code)" when the engine knows the code for the protocol, else the code alone. */
    public static String describe(Backend protocol, int status) {
        if (status == SampleLayout.STATUS_NOT_ISSUED) {
            return "not issued (the backend cannot express it)";
        }
        // NTSTATUS values have their severity bits set; a negative errno is small
        String code = status < -0xFFFF ? String.format("0x%08X", status) : Integer.toString(status);
        String name = Engine.statusName(protocol.engineName(), status);
        return name == null ? code : name + " (" + code + ")";
    }
}
