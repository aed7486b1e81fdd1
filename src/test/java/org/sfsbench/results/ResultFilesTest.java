package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.LoopFs;
import org.sfsbench.testsupport.Require;

/** The one write path of result files on a full disk, an immutable folder and a missing folder. */
class ResultFilesTest {
    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFailedWriteNamesFileAndCauseKeepsTheOldContentAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Require.root("mounts a 64 KiB tmpfs");
        Path small = Files.createDirectories(dir.resolve("small"));
        LoopFs.sh("mount -t tmpfs -o size=64k tmpfs '" + small + "'");
        try {
            Path f = small.resolve("sfsres.x");
            ResultFiles.write(f, "point 1\n");
            LoopFs.sh("dd if=/dev/zero of='" + small.resolve("filler") + "' bs=4k 2>/dev/null; true");
            IOException e = assertThrows(IOException.class, () -> ResultFiles.write(f, "point 1\npoint 2\n".repeat(4000)));
            assertEquals("cannot write " + f + ": No space left on device", e.getMessage());
            assertEquals("point 1\n", Files.readString(f));
            assertEquals(List.of("filler", "sfsres.x"), names(small));

            Files.delete(small.resolve("filler"));
            LoopFs.sh("chattr +i '" + small + "'");
            try {
                e = assertThrows(IOException.class, () -> ResultFiles.write(f, "point 2\n"));
                assertEquals("cannot write " + f + ": Operation not permitted", e.getMessage());
                assertEquals("point 1\n", Files.readString(f));
                assertEquals(List.of("sfsres.x"), names(small));
            } finally {
                LoopFs.sh("chattr -i '" + small + "'");
            }
        } finally {
            LoopFs.sh("umount -l '" + small + "'");
        }
    }

    @Test
    void aMissingFolderIsSaidSo(@TempDir Path dir) {
        Path f = dir.resolve("gone/sfssum.x");
        IOException e = assertThrows(IOException.class, () -> ResultFiles.write(f, "row\n"));
        assertEquals("cannot write " + f + ": its folder does not exist", e.getMessage());
    }
}
