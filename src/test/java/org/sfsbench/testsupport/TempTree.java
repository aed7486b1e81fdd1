package org.sfsbench.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A test's own temporary folder tree, removed when the test is done so runs leave nothing in /tmp. */
public final class TempTree {
    private TempTree() {
    }

    /** Removes {@code dir} and everything below it; a missing folder is already removed. */
    public static void remove(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot remove " + p, e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
