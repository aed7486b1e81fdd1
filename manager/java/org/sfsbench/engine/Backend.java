package org.sfsbench.engine;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one descriptor of each backend on the Java side: its FS_PROTOCOL name in the rc file, its engine
 * name, its protocol name in sfssum and the syntax of its mount points. What the engine itself declares
 * (ops, options, capabilities, standard workload) comes from {@link EngineCatalog}.
 * Adding a backend = a folder native/src/backends/NAME/ + its CMake option + one constant here.
 */
public enum Backend {
    /** NFSv3 over TCP (libnfs). */
    NFS("nfs", "nfs3", "NFS3", null,
            "server:/path (for example 127.0.0.1:/export/sfs) or nfs://server/path?nfsport=N&mountport=M",
            Pattern.compile("(?!nfs:)(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):(/.*)"),
            Pattern.compile("nfs://(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+)(/[^?\\s]*)"
                    + "(?:\\?[A-Za-z_-]+=[^&=\\s]+(?:&[A-Za-z_-]+=[^&=\\s]+)*)?")),
    /** SMB2/3 (libsmbclient), CIFS in SPECsfs2008 terms. */
    CIFS("cifs", "smb", "CIFS", null, "\\\\server\\share (for example \\\\127.0.0.1\\sfs)",
            Pattern.compile("\\\\\\\\([^\\\\/\\s]+)\\\\([^\\\\\\s].*)")),
    /** System calls on local absolute paths. */
    POSIX("posix", "posix", "POSIX",
            "FS_PROTOCOL=posix (the client's file-system stack is measured too)",
            "an absolute local path (for example /tmp/sfsbench)", Pattern.compile("()(/.*)")),
    /**
     * Windows file calls on a Windows client: a drive folder, or a UNC path through the Windows SMB
     * redirector (the server is then the path's first component).
     */
    WIN32("win32", "win32", "WIN32",
            "FS_PROTOCOL=win32 (the Windows client's file-system stack is measured too)",
            "a folder on the Windows client: C:\\sfs, or a UNC path \\\\server\\share\\sfs",
            Pattern.compile("()([A-Za-z]:[\\\\/].*)"),
            Pattern.compile("[\\\\/]{2}([^\\\\/\\s]+)[\\\\/]([^\\\\/\\s].*)")),
    /** No I/O at all: every op completes at once (the engine's own cost). */
    NULL("null", "null", "NULL",
            "FS_PROTOCOL=null (no I/O: the load generator alone is measured)",
            "any name (nothing is opened)", Pattern.compile("()(\\S+)"));

    private final String rcName;
    private final String engineName;
    private final String sfssumName;
    private final String nonDisclosable;
    private final String mountPointSyntax;
    private final List<Pattern> mountPointForms;

    Backend(String rcName, String engineName, String sfssumName, String nonDisclosable,
            String mountPointSyntax, Pattern... mountPointForms) {
        this.rcName = rcName;
        this.engineName = engineName;
        this.sfssumName = sfssumName;
        this.nonDisclosable = nonDisclosable;
        this.mountPointSyntax = mountPointSyntax;
        this.mountPointForms = List.of(mountPointForms);
    }

    /** FS_PROTOCOL spelling: nfs, cifs, posix, win32, null. */
    public String rcName() {
        return rcName;
    }

    /** The engine's backend name (config key backend). */
    public String engineName() {
        return engineName;
    }

    /** Protocol column of sfssum and the result files: NFS3, CIFS, POSIX, WIN32, NULL. */
    public String sfssumName() {
        return sfssumName;
    }

    /** USERNAME and PASSWORD are required (and go to the engine as its options): SFS_CAP_CREDENTIALS. */
    public boolean needsCredentials() {
        return has(EngineCatalog.CAP_CREDENTIALS);
    }

    /** Whether the engine's backend declares capability {@code cap} (false when it is not built). */
    public boolean has(int cap) {
        EngineCatalog.BackendInfo b = info();
        return b != null && b.has(cap);
    }

    /** The run-rule extension a run over this backend is (never disclosable), or null when it may be disclosed. */
    public String nonDisclosableReason() {
        return nonDisclosable;
    }

    /** What a mount point looks like, for messages. */
    public String mountPointSyntax() {
        return mountPointSyntax;
    }

    /** Server (empty if none) and path of a mount point, or null when {@code text} is not one. */
    public String[] parseMountPoint(String text) {
        for (Pattern p : mountPointForms) {
            Matcher m = p.matcher(text);
            if (m.matches()) {
                return new String[] {m.group(1), m.group(2)};
            }
        }
        return null;
    }

    /** What the engine declares about this backend; null when the library was built without it. */
    public EngineCatalog.BackendInfo info() {
        return EngineCatalog.get().backend(engineName);
    }

    /** The workload this protocol runs unless WORKLOAD or MIXFILE says otherwise (engine's choice). */
    public String standardWorkload() {
        EngineCatalog.BackendInfo b = info();
        return b == null ? null : b.standardWorkload();
    }

    /** The case-insensitive FS_PROTOCOL lookup; null when the text names no backend. */
    public static Backend fromRc(String text) {
        for (Backend b : values()) {
            if (b.rcName.equalsIgnoreCase(text.trim())) {
                return b;
            }
        }
        return null;
    }

    /** The backend of a protocol column (NFS3, CIFS, POSIX, WIN32, NULL; any case); null if none. */
    public static Backend fromSfssum(String text) {
        for (Backend b : values()) {
            if (b.sfssumName.equalsIgnoreCase(text)) {
                return b;
            }
        }
        return null;
    }

    /** The FS_PROTOCOL names, for messages: "nfs, cifs, posix, win32, null". */
    public static String rcNames() {
        return String.join(", ", java.util.Arrays.stream(values()).map(Backend::rcName).toList())
                .toLowerCase(Locale.ROOT);
    }
}
