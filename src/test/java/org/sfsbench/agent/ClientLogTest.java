package org.sfsbench.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hand-started agent outlives runs: each manager collects only its own session of the log. */
class ClientLogTest {

    @Test
    void eachSessionReadsOnlyItsOwnLines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sfsc_log");
        Files.writeString(file, "line of an earlier agent process\n");
        ClientLog log = new ClientLog(file);
        log.line("agent listening");
        log.startSession("session 1");
        log.line("RESULT point=1");
        String first = log.read();
        assertFalse(first.contains("earlier agent process"), first);
        assertTrue(first.contains("agent listening") && first.contains("RESULT point=1"), first);

        log.startSession("session 2");
        log.line("RESULT point=7");
        String second = log.read();
        assertFalse(second.contains("RESULT point=1") || second.contains("agent listening"), second);
        assertTrue(second.contains("session 2") && second.contains("RESULT point=7"), second);
        assertTrue(Files.readString(file).contains("RESULT point=1"), "the file itself keeps everything");
    }
}
