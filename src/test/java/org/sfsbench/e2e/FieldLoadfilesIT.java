package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.LoadfileReplay;

/**
 * The public loadfiles of src/test/resources/field that plan (FieldCorpusTest lists them) replay on
 * posix with one client, twice through, with every expected status met; dbench's smb_2.load writes
 * in the folder its smb_1.load makes, so it replays after it.
 */
class FieldLoadfilesIT {
    @TempDir
    Path dir;

    @Test
    void everyPlannableLoadfileReplaysOnPosixWithoutErrors() throws Exception {
        for (String name : List.of("dbench/nfs.load", "dbench/nfs_2.load", "dbench/smb.load", "dbench/smb_3.load")) {
            Path target = Files.createDirectories(dir.resolve(name.replace('/', '_')));
            LoadfileReplay.replay(dir, "backend=posix\ntarget.0=" + target, name);
        }
        Path shared = Files.createDirectories(dir.resolve("smb12"));
        // MKDIR, OPEN, 10 WRITEs, CLOSE per pass; then OPEN, 10 WRITEs, CLOSE in the folder smb_1 made
        assertEquals(2 * 13, LoadfileReplay.replay(dir, "backend=posix\ntarget.0=" + shared, "dbench/smb_1.load"));
        assertEquals(2 * 12, LoadfileReplay.replay(dir, "backend=posix\ntarget.0=" + shared, "dbench/smb_2.load"));
    }
}
