package org.sfsbench.capture;

import java.util.Locale;
import java.util.Map;

/** An SMB2 reply status as the loadfile's status field (docs/loadfile.md, "Statuses"). */
final class Smb2Status {
    private static final Map<Long, String> NAMES = Map.of(
            0xc0000034L, "NT_STATUS_OBJECT_NAME_NOT_FOUND",
            0xc000003aL, "NT_STATUS_OBJECT_PATH_NOT_FOUND",
            0xc000000fL, "NT_STATUS_NO_SUCH_FILE",
            0xc0000035L, "NT_STATUS_OBJECT_NAME_COLLISION",
            0xc0000022L, "NT_STATUS_ACCESS_DENIED",
            0xc0000101L, "NT_STATUS_DIRECTORY_NOT_EMPTY",
            0xc0000103L, "NT_STATUS_NOT_A_DIRECTORY",
            0xc00000baL, "NT_STATUS_FILE_IS_A_DIRECTORY",
            0xc000007fL, "NT_STATUS_DISK_FULL");
    /** STATUS_NO_MORE_FILES: the end of a listing, which the replay's one listing call has no word for. */
    static final long NO_MORE_FILES = 0x80000006L;

    private Smb2Status() {
    }

    /** Success and warnings (0x0..., 0x8...) other than the end of a listing are success. */
    static String field(long status) {
        if (status == NO_MORE_FILES) {
            return "*";
        }
        if (status == 0 || (status >>> 28) == 0x8 || (status >>> 28) == 0x4 || (status >>> 28) == 0) {
            return "NT_STATUS_OK";
        }
        String n = NAMES.get(status);
        return n != null ? n : String.format(Locale.ROOT, "NT_STATUS_0x%08X", status);
    }
}
