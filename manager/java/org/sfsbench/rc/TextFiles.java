package org.sfsbench.rc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Reads the text files of an rc setup, refusing DOS line ends as the guide requires. */
final class TextFiles {
    /** Largest rc file, MIXFILE or mount-points file read: far above any real one, far below memory. */
    static final long MAX_BYTES = 1 << 20;

    private TextFiles() {
    }

    private static int lineOf(String text, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /**
     * Reads a file as lines; any carriage return is an error naming its line.
     *
     * @param what the kind of file, for messages ("rc file", "MIXFILE", ...)
     */
    static List<String> readUnixLines(Path file, String what) throws RcException {
        String text;
        try {
            if (!Files.isRegularFile(file)) {
                throw new RcException(file, 0, null, null, "the " + what + " is not a regular file", null);
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new RcException(file, 0, null, null, "the " + what + " has " + Files.size(file)
                        + " bytes; sfsbench reads at most " + MAX_BYTES + " (1 MiB)", null);
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new RcException(file, 0, null, null, "the " + what + " is not UTF-8 (or ASCII) text", null);
        } catch (IOException e) {
            throw new RcException(file, 0, null, null, "cannot read the " + what + ": " + e, null);
        }
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            throw new RcException(file, lineOf(text, nul), null, null, "the " + what + " contains a NUL character,"
                    + " so it is not a text file", null);
        }
        int cr = text.indexOf('\r');
        if (cr >= 0) {
            throw new RcException(file, lineOf(text, cr), null, null,
                    "the " + what + " has DOS/Windows line ends (carriage return); the guide requires Unix line"
                            + " ends. Fix it with: sed -i 's/\\r$//' " + file,
                    null);
        }
        if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);
        }
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n", -1));
    }
}
