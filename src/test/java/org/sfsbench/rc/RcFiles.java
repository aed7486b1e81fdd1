package org.sfsbench.rc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes rc, mix and mount-points files for tests. */
public final class RcFiles {
    /** A minimal valid NFS rc file body (one client, two procs). */
    public static final String MINIMAL = String.join("\n",
            "LOAD=\"100 200\"",
            "PROCS=2",
            "CLIENTS=\"localhost\"",
            "MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"",
            "FS_PROTOCOL=nfs",
            "");

    private RcFiles() {
    }

    public static Path write(Path dir, String name, String content) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, content, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the project's templates live (the test runs in the project folder). */
    public static Path templates() {
        return Path.of(System.getProperty("sfs.home", "."), "templates");
    }
}
