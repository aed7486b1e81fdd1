package org.sfsbench.results;

import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.SampleLayout;

/**
 * Readable names of the protocol status codes found in the engine's error table. The nfs3
 * backend reports NFSv3 status codes (RFC 1813); the smb and posix backends report errno
 * values (libsmbclient maps NTSTATUS to errno). Unknown codes print as their number.
 */
public final class StatusNames {
    private static final Map<Integer, String> NFS3 = Map.ofEntries(
            Map.entry(1, "NFS3ERR_PERM"), Map.entry(2, "NFS3ERR_NOENT"), Map.entry(5, "NFS3ERR_IO"),
            Map.entry(6, "NFS3ERR_NXIO"), Map.entry(13, "NFS3ERR_ACCES"), Map.entry(17, "NFS3ERR_EXIST"),
            Map.entry(18, "NFS3ERR_XDEV"), Map.entry(19, "NFS3ERR_NODEV"), Map.entry(20, "NFS3ERR_NOTDIR"),
            Map.entry(21, "NFS3ERR_ISDIR"), Map.entry(22, "NFS3ERR_INVAL"), Map.entry(27, "NFS3ERR_FBIG"),
            Map.entry(28, "NFS3ERR_NOSPC"), Map.entry(30, "NFS3ERR_ROFS"), Map.entry(31, "NFS3ERR_MLINK"),
            Map.entry(63, "NFS3ERR_NAMETOOLONG"), Map.entry(66, "NFS3ERR_NOTEMPTY"),
            Map.entry(69, "NFS3ERR_DQUOT"), Map.entry(70, "NFS3ERR_STALE"), Map.entry(71, "NFS3ERR_REMOTE"),
            Map.entry(10001, "NFS3ERR_BADHANDLE"), Map.entry(10002, "NFS3ERR_NOT_SYNC"),
            Map.entry(10003, "NFS3ERR_BAD_COOKIE"), Map.entry(10004, "NFS3ERR_NOTSUPP"),
            Map.entry(10005, "NFS3ERR_TOOSMALL"), Map.entry(10006, "NFS3ERR_SERVERFAULT"),
            Map.entry(10007, "NFS3ERR_BADTYPE"), Map.entry(10008, "NFS3ERR_JUKEBOX"));
    /** Linux errno values. */
    private static final Map<Integer, String> ERRNO = Map.ofEntries(
            Map.entry(1, "EPERM"), Map.entry(2, "ENOENT"), Map.entry(4, "EINTR"), Map.entry(5, "EIO"),
            Map.entry(9, "EBADF"), Map.entry(11, "EAGAIN"), Map.entry(12, "ENOMEM"), Map.entry(13, "EACCES"),
            Map.entry(16, "EBUSY"), Map.entry(17, "EEXIST"), Map.entry(18, "EXDEV"), Map.entry(20, "ENOTDIR"),
            Map.entry(21, "EISDIR"), Map.entry(22, "EINVAL"), Map.entry(24, "EMFILE"), Map.entry(27, "EFBIG"),
            Map.entry(28, "ENOSPC"), Map.entry(30, "EROFS"), Map.entry(31, "EMLINK"), Map.entry(32, "EPIPE"),
            Map.entry(36, "ENAMETOOLONG"), Map.entry(38, "ENOSYS"), Map.entry(39, "ENOTEMPTY"),
            Map.entry(95, "EOPNOTSUPP"), Map.entry(103, "ECONNABORTED"), Map.entry(104, "ECONNRESET"),
            Map.entry(110, "ETIMEDOUT"), Map.entry(111, "ECONNREFUSED"), Map.entry(116, "ESTALE"),
            Map.entry(122, "EDQUOT"));

    private StatusNames() {
    }

    /** "NAME (code)" when the code is known for the protocol, else the code alone. */
    public static String describe(Backend protocol, int status) {
        if (status == SampleLayout.STATUS_NOT_ISSUED) {
            return "not issued (the backend cannot express it)";
        }
        String name = (protocol == Backend.NFS ? NFS3 : ERRNO).get(Math.abs(status));
        return name == null ? Integer.toString(status) : name + " (" + status + ")";
    }
}
