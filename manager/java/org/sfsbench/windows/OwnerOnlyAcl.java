package org.sfsbench.windows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.AclFileAttributeView;

/** A file only its owner may read, where the file system has ACLs instead of POSIX modes (Windows). */
public final class OwnerOnlyAcl {
    private OwnerOnlyAcl() {
    }

    /** Refuses a file whose ACL lets everyone or all users read it; {@code what} names its content. */
    public static void check(Path file, String what) throws IOException {
        AclFileAttributeView acl = Files.getFileAttributeView(file, AclFileAttributeView.class);
        if (acl == null) {
            return; // neither POSIX modes nor ACLs: the file system keeps no per-user permissions to check
        }
        for (AclEntry e : acl.getAcl()) {
            String who = e.principal().getName();
            if (e.type() == AclEntryType.ALLOW && e.permissions().contains(AclEntryPermission.READ_DATA)
                    && (who.equals("Everyone") || who.endsWith("\\Users") || who.endsWith("\\Authenticated Users"))) {
                throw new IOException(file + ": its ACL lets " + who + " read " + what + "; run: icacls " + file
                        + " /inheritance:r /grant:r %USERNAME%:R");
            }
        }
    }
}
