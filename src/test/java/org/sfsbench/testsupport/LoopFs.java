package org.sfsbench.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small ext4 image mounted through a loop device (as root), unmounted and removed on close. */
public record LoopFs(Path image, Path dir) implements AutoCloseable {

    /** A 64 MiB file system at {@code dir} (created if missing), backed by {@code image}. */
    public static LoopFs mount(Path image, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        sh("truncate -s 64M '" + image + "' && mkfs.ext4 -q -F '" + image + "' && mount -o loop '" + image + "' '"
                + dir + "'");
        return new LoopFs(image, dir);
    }

    @Override
    public void close() throws IOException {
        try {
            sh("umount -l '" + dir + "'");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while unmounting " + dir, e);
        }
        Files.deleteIfExists(image);
        Files.deleteIfExists(dir);
    }

    /** Runs {@code cmd} with sh; its output is the message when it fails. */
    public static String sh(String cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(cmd + ": exit " + p.exitValue() + ": " + out);
        }
        return out;
    }
}
