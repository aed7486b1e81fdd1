package org.sfsbench.rc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Reads the text files of an rc setup, refusing DOS line ends as the guide requires. */
final class TextFiles {
    private TextFiles() {
    }

    /**
     * Reads a file as lines; any carriage return is an error naming its line.
     *
     * @param what the kind of file, for messages ("rc file", "MIXFILE", ...)
     */
    static List<String> readUnixLines(Path file, String what) throws RcException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new RcException(file, 0, null, null, "the " + what + " is not UTF-8 (or ASCII) text", null);
        } catch (IOException e) {
            throw new RcException(file, 0, null, null, "cannot read the " + what + ": " + e, null);
        }
        int cr = text.indexOf('\r');
        if (cr >= 0) {
            int line = 1;
            for (int i = 0; i < cr; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
            throw new RcException(file, line, null, null,
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
