package org.sfsbench.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemDescriptionTest {
    @TempDir
    Path dir;

    private static Path templates() {
        return Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath().resolve("templates");
    }

    private static List<String> problemsOf(Path file) throws Exception {
        List<String> problems = new ArrayList<>();
        SystemDescription d = SystemDescription.from(DescriptionFile.read(file, problems), problems);
        assertEquals(problems.isEmpty(), d != null);
        return problems;
    }

    @Test
    void exampleIsComplete() throws Exception {
        List<String> problems = new ArrayList<>();
        SystemDescription d = SystemDescription.from(
                DescriptionFile.read(templates().resolve("sut_description.example.txt"), problems), problems);
        assertEquals(List.of(), problems);
        assertNotNull(d);
        assertEquals("MS-3000™ \"Falke\" file server", d.model());
        assertEquals(4, d.clientCount());
        assertEquals(4, d.clients().size());
        assertEquals(24, d.disks().get(0).count());
        assertEquals("sysctl vm.dirty_background_ratio = 5", d.serverTuning().get(1));
        assertEquals(2, d.notes().size());
        assertEquals("1 × 10 GbE", d.clients().get(0).network());
    }

    @Test
    void blankTemplateOnlyLacksValues() throws Exception {
        // every key of the template is known: the only problems are the unfilled required values
        for (String p : problemsOf(templates().resolve("sut_description.txt"))) {
            assertTrue(p.contains(" is empty (") || p.contains(": missing "), p);
        }
    }

    @Test
    void formProblemsNameTheirLine() throws Exception {
        Path f = dir.resolve("d.txt");
        byte[] latin1 = "sut.vendor = M\u00fcller\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] rest = ("this line has no equals sign\n"
                + "Sut.Model = x\n"
                + "sut.model = A\n"
                + "sut.model = B\n"
                + "disk.1.count = many\n"
                + "test.date = 20.01.2007\n"
                + "sut.availability = 2007-13\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = new byte[latin1.length + rest.length];
        System.arraycopy(latin1, 0, all, 0, latin1.length);
        System.arraycopy(rest, 0, all, latin1.length, rest.length);
        Files.write(f, all);
        List<String> p = problemsOf(f);
        assertTrue(p.contains(f + ":1: not UTF-8 text (save the description as UTF-8)"), p.toString());
        assertTrue(p.contains(f + ":2: expected 'key = value' (the line is not shown: this may not be a system"
                + " description)"), p.toString());
        assertTrue(p.contains(f + ":3: the text before '=' is not a key (the line is not shown; keys are lower case words joined by dots,"
                + " e.g. sut.vendor or client.1.name)"), p.toString());
        assertTrue(p.contains(f + ":5: sut.model is set again (first on line 4); it takes one value"), p.toString());
        assertTrue(p.contains(f + ":6: disk.1.count is 'many', expected a whole number of 1 or more"), p.toString());
        assertTrue(p.contains(f + ":7: test.date is '20.01.2007', expected a date YYYY-MM-DD"), p.toString());
        assertTrue(p.contains(f + ":8: sut.availability is '2007-13', expected a month YYYY-MM"), p.toString());
        assertTrue(p.contains(f + ": missing client.1.* (describe at least one client)"), p.toString());
    }
}
