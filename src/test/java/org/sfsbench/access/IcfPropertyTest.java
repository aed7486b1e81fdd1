package org.sfsbench.access;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.TextMutator;

/**
 * The .icf reader on thousands of mutated copies of the test .icf files and on random text: each
 * gives a plan or an AccessSpecException naming the file (and the line where there is one), never
 * another exception.
 */
class IcfPropertyTest {
    private static final int INPUTS = 3000;

    @TempDir
    Path dir;

    @Test
    void mutatedIcfFilesGiveAPlanOrAPreciseError() throws IOException {
        String[] valid = {
            Files.readString(Path.of("src/test/resources/access/workers_1.1.0.icf"), StandardCharsets.ISO_8859_1),
            Files.readString(Path.of("src/test/resources/access/queue_cycle_2006.icf"), StandardCharsets.ISO_8859_1)};
        TextMutator m = new TextMutator(21);
        Path f = dir.resolve("fuzz.icf");
        for (int i = 0; i < INPUTS; i++) {
            String text = m.next(valid[i % valid.length]);
            Files.write(f, text.getBytes(StandardCharsets.UTF_8)); // any bytes: the reader takes ISO-8859-1
            try {
                IcfParser.parse(f, 1 + i % 3, 1 + i % 5);
            } catch (AccessSpecException e) {
                String where = f + (e.line() > 0 ? ":" + e.line() : "") + ": ";
                if (!e.getMessage().startsWith(where) || e.getMessage().length() == where.length()) {
                    fail("input " + i + ": imprecise error '" + e.getMessage() + "' for:\n" + text);
                }
            } catch (RuntimeException e) {
                throw new AssertionError("input " + i + ": " + e + " for:\n" + text, e);
            }
        }
    }
}
