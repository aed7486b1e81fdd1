package org.sfsbench.rc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One MNT_POINTS entry.
 *
 * @param text   as written in the rc file or mount-points file
 * @param server host name or address ({@code [::1]} keeps its brackets); empty for POSIX
 * @param path   NFS export path, CIFS share (with any sub-folders, backslash separated) or POSIX
 *               absolute path
 *
 * NFS takes the guide's {@code server:/path} and, for servers on other ports, the libnfs URL
 * {@code nfs://server/path?nfsport=N&mountport=M} (docs/nfs.md); the text goes to the engine as is.
 */
public record MountPoint(String text, String server, String path) {

    private static final Pattern NFS = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):(/.*)");
    private static final Pattern NFS_URL = Pattern.compile(
            "nfs://(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+)(/[^?\\s]*)(\\?[A-Za-z_-]+=[^&=\\s]+(&[A-Za-z_-]+=[^&=\\s]+)*)?");
    private static final Pattern CIFS = Pattern.compile("\\\\\\\\([^\\\\/\\s]+)\\\\([^\\\\\\s].*)");

    /** What a mount point of this protocol looks like, for error messages. */
    public static String syntaxOf(FsProtocol protocol) {
        switch (protocol) {
            case NFS:
                return "server:/path (for example 127.0.0.1:/export/sfs) or nfs://server/path?nfsport=N&mountport=M";
            case CIFS:
                return "\\\\server\\share (for example \\\\127.0.0.1\\sfs)";
            default:
                return "an absolute local path (for example /tmp/sfsbench)";
        }
    }

    /** Parses one entry, or returns null when it does not have the protocol's syntax. */
    public static MountPoint parse(FsProtocol protocol, String text) {
        switch (protocol) {
            case NFS: {
                Matcher m = NFS.matcher(text);
                if (!text.startsWith("nfs:") && m.matches()) {
                    return new MountPoint(text, m.group(1), m.group(2));
                }
                Matcher u = NFS_URL.matcher(text);
                return u.matches() ? new MountPoint(text, u.group(1), u.group(2)) : null;
            }
            case CIFS: {
                Matcher m = CIFS.matcher(text);
                return m.matches() ? new MountPoint(text, m.group(1), m.group(2)) : null;
            }
            default:
                return text.startsWith("/") ? new MountPoint(text, "", text) : null;
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
