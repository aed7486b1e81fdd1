package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.TextMutator;

/**
 * The rc parser and the mount-points reader on thousands of mutated copies of the templates and of
 * a mount-points file, and on random text: each gives a run configuration or an RcException naming
 * the file (and the line where there is one), never another exception.
 */
class RcPropertyTest {
    private static final int INPUTS = 3000;
    private static final List<String> TEMPLATES = List.of("sfs_nfs_rc", "sfs_cifs_rc", "sfs_access_rc",
            "sfs_posix_rc", "sfs_topspeed_rc");

    @TempDir
    Path dir;

    @Test
    void mutatedRcFilesGiveAPlanOrAPreciseError() throws IOException {
        Files.createDirectories(Path.of("/tmp/sfsbench"));
        Files.copy(RcFiles.templates().resolve("access_specs.txt"), dir.resolve("access_specs.txt"));
        Files.copy(RcFiles.templates().resolve("sfs_mix_example"), dir.resolve("sfs_mix_example"));
        TextMutator m = new TextMutator(2121);
        Path rc = dir.resolve("sfs_rc");
        for (int i = 0; i < INPUTS; i++) {
            String valid = Files.readString(RcFiles.templates().resolve(TEMPLATES.get(i % TEMPLATES.size())));
            if (i % 7 == 0) {
                valid = valid.replace("MIXFILE=\n", "MIXFILE=sfs_mix_example\n");
            }
            String text = m.next(valid);
            Files.writeString(rc, text, StandardCharsets.UTF_8);
            check(i, rc, text, List.of(rc, dir.resolve("sfs_mix_example"), dir.resolve("access_specs.txt")));
        }
    }

    @Test
    void mutatedMountPointsFilesGiveAPlanOrAPreciseError() throws IOException {
        String rcText = String.join("\n", "LOAD=\"100 200\"", "PROCS=2", "CLIENTS=\"c1 c2\"",
                "MNT_POINTS=mounts", "FS_PROTOCOL=nfs", "");
        String valid = "c1 127.0.0.1:/a 127.0.0.1:/b\nc2 127.0.0.1:/c nfs://127.0.0.1/d\n";
        Path rc = RcFiles.write(dir, "sfs_rc", rcText);
        Path mounts = dir.resolve("mounts");
        TextMutator m = new TextMutator(2122);
        for (int i = 0; i < INPUTS; i++) {
            String text = m.next(valid);
            Files.writeString(mounts, text, StandardCharsets.UTF_8);
            check(i, rc, text, List.of(rc, mounts));
        }
    }

    private static void check(int i, Path rc, String text, List<Path> files) {
        try {
            RcParser.parse(rc);
        } catch (RcException e) {
            String where = e.file() + (e.line() > 0 ? ":" + e.line() : "") + ": ";
            if (!files.contains(e.file()) || !e.getMessage().startsWith(where)) {
                fail("input " + i + ": imprecise error '" + e.getMessage() + "' for:\n" + text);
            }
        } catch (RuntimeException e) {
            throw new AssertionError("input " + i + ": " + e + " for:\n" + text, e);
        }
    }
}
