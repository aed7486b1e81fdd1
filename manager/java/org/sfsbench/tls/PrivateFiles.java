package org.sfsbench.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.sfsbench.windows.OwnerOnlyAcl;

/**
 * Files only their owner may read (the agent secret, private keys): mode 0600 where the file
 * system has POSIX modes, on Windows an ACL that does not let everyone or all users read
 * ({@link OwnerOnlyAcl}).
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
            OwnerOnlyAcl.check(file, what);
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
}
