package org.sfsbench.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files only their owner may read (the agent secret, private keys): mode 0600 where the file
 * system has POSIX modes, on Windows an ACL that does not let everyone or all users read.
 */
public final class PrivateFiles {
    private PrivateFiles() {
    }

    /** Creates an empty file: mode 0600, or on Windows with the ACL its folder gives. */
    public static void create(Path p) throws IOException {
        if (posix(p.toAbsolutePath().getParent())) {
            Files.createFile(p, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(p);
        }
    }

    /**
     * Makes an existing file its owner's only: mode 0600 where there are POSIX modes (the mode it
     * had is returned, null when it was 0600 already); on Windows a readable ACL is refused as by
     * {@link #checkOwnerOnly}.
     */
    public static String tighten(Path file, String what) throws IOException {
        if (!posix(file)) {
            checkOwnerOnly(file, what);
            return null;
        }
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
        if (perms.equals(owner)) {
            return null;
        }
        Files.setPosixFilePermissions(file, owner);
        return PosixFilePermissions.toString(perms);
    }

    /** Refuses a file others may read; {@code what} names its content in the message. */
    public static void checkOwnerOnly(Path file, String what) throws IOException {
        if (!posix(file)) {
            checkAcl(file, what);
            return;
        }
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
            throw new IOException(file + ": mode " + PosixFilePermissions.toString(perms)
                    + " lets other users read " + what + "; run: chmod 600 " + file);
        }
    }

    private static boolean posix(Path p) throws IOException {
        return Files.getFileStore(p).supportsFileAttributeView(PosixFileAttributeView.class);
    }

    /** Windows (no POSIX mode): refuses a file whose ACL lets everyone or all users read it. */
    private static void checkAcl(Path file, String what) throws IOException {
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
