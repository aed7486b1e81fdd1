package org.sfsbench.rc;

import java.util.Locale;

/** FS_PROTOCOL: the protocol the load generators speak to the server. */
public enum FsProtocol {
    /** NFSv3 over TCP (libnfs); MNT_POINTS are {@code server:/path}. */
    NFS,
    /** SMB2/3 (libsmbclient); MNT_POINTS are {@code \\server\share}. */
    CIFS,
    /** sfsbench extension: system calls on local absolute paths; never disclosable. */
    POSIX;

    /** The rc spelling: nfs, cifs, posix. */
    public String rcName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Case-insensitive lookup; null when the text names no protocol. */
    public static FsProtocol fromRc(String text) {
        for (FsProtocol p : values()) {
            if (p.name().equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        return null;
    }
}
