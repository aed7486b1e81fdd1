package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.submit.DescriptionFile;
import org.sfsbench.submit.SystemDescription;
import org.sfsbench.testsupport.TextMutator;

/**
 * The readers of results (sfssum, result JSON) and of a system description on mutated copies of a
 * valid file, each carrying a secret marker on a random line: every input is read, or refused
 * with a message that names the file, shows neither the marker nor Jackson's or Java's class
 * names, and nothing is written beside it.
 */
class ReaderPropertyTest {
    private static final int INPUTS = 400;
    private static final String MARK = "Zq9S3CRET";

    @TempDir
    Path dir;

    @Test
    void sfssumInputsAreReadOrPreciselyRefused() throws IOException {
        String valid = Files.readString(Path.of(System.getProperty("sfs.home"),
                "src/test/resources/org/sfsbench/results/sfssum.guide-sample"));
        run(valid, "sfssum.x", 7001, f -> ResultInput.load(f));
    }

    @Test
    void resultJsonInputsAreReadOrPreciselyRefused() throws IOException {
        Path sum = Files.writeString(dir.resolve("sfssum.seed"), Files.readString(Path.of(
                System.getProperty("sfs.home"), "src/test/resources/org/sfsbench/results/sfssum.guide-sample")));
        String valid = ResultJson.toJson(ResultInput.load(sum)).replace(",", ",\n");
        Files.delete(sum);
        run(valid, "sfsresult.x.json", 7002, f -> ResultInput.load(f));
    }

    @Test
    void descriptionsAreReadOrPreciselyRefused() throws IOException {
        String valid = Files.readString(Path.of(System.getProperty("sfs.home"), "templates/sut_description.txt"));
        run(valid, "sut.txt", 7003, f -> {
            List<String> problems = new ArrayList<>();
            SystemDescription.from(DescriptionFile.read(f, problems), problems);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException(String.join("\n", problems));
            }
        });
    }

    private interface Reader {
        void read(Path file) throws Exception;
    }

    private void run(String valid, String name, long seed, Reader reader) throws IOException {
        TextMutator m = new TextMutator(seed);
        Random r = new Random(seed);
        Path file = dir.resolve(name);
        int refused = 0;
        for (int i = 0; i < INPUTS; i++) {
            String text = marked(m.next(valid), r);
            Files.writeString(file, text);
            List<Path> before = listing();
            try {
                reader.read(file);
            } catch (IOException | IllegalArgumentException e) {
                refused++;
                String msg = e.getMessage();
                assertTrue(msg != null && msg.startsWith(file.toString()) || msg.contains("\n" + file),
                        "input " + i + ": the file is named first: " + msg);
                assertFalse(msg.contains(MARK), "input " + i + ": the marker is shown: " + msg);
                assertFalse(msg.matches("(?s).*(com\\.fasterxml|java\\.lang|Exception|org\\.sfsbench).*"),
                        "input " + i + ": class names in: " + msg);
            } catch (Exception e) {
                fail("input " + i + ": " + e + " for:\n" + text);
            }
            assertEquals(before, listing(), "input " + i + ": nothing written");
        }
        assertTrue(refused >= 25, "at least 25 refusals among " + INPUTS + ": " + refused);
    }

    /** The text with the marker put into a random line, at a random place. */
    private static String marked(String text, Random r) {
        String[] lines = text.split("\n", -1);
        int l = r.nextInt(lines.length);
        int at = lines[l].isEmpty() ? 0 : r.nextInt(lines[l].length());
        lines[l] = lines[l].substring(0, at) + MARK + lines[l].substring(at);
        return String.join("\n", lines);
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted().toList();
        }
    }
}
