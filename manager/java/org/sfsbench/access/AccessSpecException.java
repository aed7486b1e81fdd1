package org.sfsbench.access;

import java.nio.file.Path;

/** A bad access-spec or .icf file: the message is {@code FILE:LINE: what is wrong}. */
public final class AccessSpecException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Path file;
    private final int line;

    /**
     * @param file    the file that is wrong
     * @param line    1-based line, 0 when the problem is not tied to one line
     * @param problem what is wrong and, where useful, what would be accepted
     */
    public AccessSpecException(Path file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    public int line() {
        return line;
    }
}
