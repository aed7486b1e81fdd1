package org.sfsbench.rc;

import org.sfsbench.engine.Backend;

/**
 * One MNT_POINTS entry.
 *
 * @param text   as written in the rc file or mount-points file
 * @param server host name or address ({@code [::1]} keeps its brackets); empty for POSIX
 * @param path   NFS export path, CIFS share (with any sub-folders, backslash separated) or POSIX
 *               absolute path
 *
 * The forms each backend takes are in its descriptor ({@link Backend}); the text goes to the engine
 * as is.
 */
public record MountPoint(String text, String server, String path) {

    /** What a mount point of this backend looks like, for error messages. */
    public static String syntaxOf(Backend protocol) {
        return protocol.mountPointSyntax();
    }

    /** Parses one entry, or returns null when it does not have the backend's syntax. */
    public static MountPoint parse(Backend protocol, String text) {
        String[] serverAndPath = protocol.parseMountPoint(text);
        return serverAndPath == null ? null : new MountPoint(text, serverAndPath[0], serverAndPath[1]);
    }

    @Override
    public String toString() {
        return text;
    }
}
