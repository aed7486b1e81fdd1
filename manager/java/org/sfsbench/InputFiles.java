package org.sfsbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What an input file (LOADFILE, MIXFILE, ACCESS_SPECS, a result given to a reader) is, when it is no regular file. */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * Why {@code file} cannot be read as an input file, or null for a regular file (or a link to one):
     * "no such file", "is a directory", or "is not a regular file (a FIFO)" and the like.
     */
    public static String problem(Path file) {
        if (Files.isRegularFile(file)) {
            return null;
        }
        if (!Files.exists(file)) {
            return "no such file";
        }
        if (Files.isDirectory(file)) {
            return "is a directory";
        }
        return "is not a regular file (" + kind(file) + ")";
    }

    private static String kind(Path file) {
        try {
            int type = (Integer) Files.getAttribute(file, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> "a FIFO";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "a special file";
        }
    }
}
