package org.sfsbench.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one way a result file (sfssum, sfsres, XML, JSON, HTML, CSV, ...) is written: the whole
 * content into a hidden temporary file beside it, forced to disk, then renamed over it. A reader
 * never sees half a file, a failure leaves the earlier version intact and no temporary file, and
 * the failure is one line naming the file and the cause ("cannot write X: No space left on
 * device").
 */
public final class ResultFiles {
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private ResultFiles() {
    }

    /** Writes {@code text} as UTF-8 to {@code file}, replacing it. */
    public static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code file}, replacing it. */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + SEQUENCE.incrementAndGet() + ".tmp");
        boolean moved = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
        } catch (IOException e) {
            throw new IOException(cannotWrite(file, e), e);
        } finally {
            if (!moved) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the folder refuses even the removal (read-only): then it held no temporary file either
                }
            }
        }
    }

    /** "cannot write FILE: CAUSE", the cause as the system says it. */
    public static String cannotWrite(Path file, IOException e) {
        return "cannot write " + file + ": " + cause(e);
    }

    private static String cause(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
