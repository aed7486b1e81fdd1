package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.results.model.IntervalPoint;

class SfsLogTest {

    @Test
    void timestampedLinesFlushedAndRedacted(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sfslog.t");
        Clock clock = Clock.fixed(Instant.parse("2026-11-21T15:04:05Z"), ZoneOffset.UTC);
        try (SfsLog log = new SfsLog(f, clock)) {
            log.redact("s3cret");
            log.runStart(SfsresWriterTest.run(), List.of(104L, 208L));
            log.phase(1, "RUN", true);
            log.interval(1, new IntervalPoint(10, 103.25, 3.456, 9.5, 0, 0));
            log.warn("smbclient said: bad password s3cret");
            // visible before close
            assertEquals(9, Files.readAllLines(f).size());
        }
        List<String> lines = Files.readAllLines(f);
        assertEquals("2026-11-21T15:04:05Z INFO  sfsbench 0.1.0 run t started, rc file sfs_nfs_rc", lines.get(0));
        assertTrue(lines.contains("2026-11-21T15:04:05Z INFO  rc PASSWORD=********"), lines.toString());
        assertTrue(lines.contains("2026-11-21T15:04:05Z INFO  client 1 client1: 4 procs"), lines.toString());
        assertTrue(lines.contains("2026-11-21T15:04:05Z INFO  plan: 2 load points, requested ops/s 104 208"));
        assertTrue(lines.contains("2026-11-21T15:04:05Z INFO  load point 1: RUN started"));
        assertTrue(lines.contains(
                "2026-11-21T15:04:05Z INFO  load point 1: t=10s 103.3 ops/s 3.46 msec/op errors 0 behind 0"),
                lines.toString());
        assertTrue(lines.contains("2026-11-21T15:04:05Z WARN  smbclient said: bad password ********"));
        assertFalse(Files.readString(f).contains("s3cret"));
    }
}
