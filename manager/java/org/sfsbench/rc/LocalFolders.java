package org.sfsbench.rc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the prime client can check before anything starts about the posix mount points of the
 * clients that are this machine: each must be an existing folder, reachable without a
 * symbolic-link loop (a FIFO or /dev/zero would only fail later, in INIT, after agents started).
 */
public final class LocalFolders {
    private LocalFolders() {
    }

    /** Whether a CLIENTS entry names this machine (its agent is started here, on loopback). */
    public static boolean isThisMachine(String name) {
        String n = ClientAddress.of(name).host().toLowerCase(Locale.ROOT);
        if (n.equals("localhost") || n.startsWith("127.") || n.equals("::1") || n.equals("[::1]")) {
            return true;
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            return n.equalsIgnoreCase(self.getHostName()) || n.equalsIgnoreCase(self.getCanonicalHostName());
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Whether {@code path} is an existing regular file or block device (an access target in place). */
    static boolean isFileOrBlockDevice(String path) {
        try {
            if (Files.readAttributes(Path.of(path), "unix:mode").get("mode") instanceof Integer mode) {
                int type = mode & 0170000;
                return type == 0100000 || type == 0060000;
            }
            return false;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Why {@code path} cannot hold a file set, or null when it is an existing folder. */
    static String problem(String path) {
        Path p = Path.of(path);
        try {
            if (Files.readAttributes(p, "unix:mode").get("mode") instanceof Integer mode) {
                return switch (mode & 0170000) {
                    case 0040000 -> null;
                    case 0100000 -> "is a regular file, not a folder";
                    case 0010000 -> "is a FIFO, not a folder";
                    case 0020000 -> "is a character device, not a folder";
                    case 0060000 -> "is a block device, not a folder";
                    case 0140000 -> "is a socket, not a folder";
                    default -> "is not a folder";
                };
            }
            return Files.isDirectory(p) ? null : "is not a folder";
        } catch (NoSuchFileException e) {
            return "does not exist on this machine";
        } catch (FileSystemException e) {
            String why = e.getReason() != null ? e.getReason() : e.toString();
            return why.contains("symbolic links") ? "cannot be reached: a symbolic-link loop (" + why + ")"
                    : "cannot be reached: " + why;
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot be checked: " + e.getMessage();
        }
    }
}
