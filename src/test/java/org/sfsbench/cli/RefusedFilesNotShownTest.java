package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every reader given a file that is not its own (an /etc/shadow, a .env, text with spaces, a
 * line with an '=' ) refuses it naming the file and the line, says the line is not shown, never
 * prints the file's secret, and writes nothing.
 */
class RefusedFilesNotShownTest {
    private static final String SECRET = "S3CRET_MARKER_q7Zx";

    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        List<String> files = List.of(
                "root:" + SECRET + ":19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n",
                "AWS_SECRET_ACCESS_KEY=" + SECRET + "\n",
                "password = " + SECRET + "\n",
                SECRET + " 2 3 4 5 6 7 8 9 10 11 12 13 14\n",
                "100 " + SECRET + " 3 4 5 6 7 8 9 10 11 12 13 14\n",
                "-----BEGIN PRIVATE KEY-----\n" + SECRET + "\n-----END PRIVATE KEY-----\n");
        List<List<String>> commands = List.of(List.of("plan", "-r", "F"), List.of("clean", "-r", "F"),
                List.of("compare", "F", "F"), List.of("report", "F"), List.of("metric", "F"),
                List.of("submit", "-D", "F", "F"));
        return files.stream().flatMap(f -> commands.stream().map(c -> Arguments.of(c, f)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void refusesWithoutShowingTheSecret(List<String> command, String content) throws IOException {
        Path file = dir.resolve("secret.txt");
        Files.writeString(file, content);
        List<Path> before = listing();
        String[] args = command.stream().map(a -> a.equals("F") ? file.toString() : a).toArray(String[]::new);
        CliRun r = CliRun.of(args);
        int rc = r.status();
        String all = r.out() + "\n" + r.err();
        assertNotEquals(0, rc, all);
        assertFalse(all.contains(SECRET), "the secret is shown: " + all);
        assertTrue(all.contains(file.toString()), "the file is named: " + all);
        // "key = value" is a description's line: submit takes it, and refuses the description as incomplete
        if (!(command.get(0).equals("submit") && content.startsWith("password"))) {
            assertTrue(all.contains(file + ":1") || all.contains(file + ":2"), "the line is named: " + all);
            assertTrue(all.contains("not shown"), "it says the line is not shown: " + all);
        }
        assertEquals(before, listing(), "nothing written");
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted().toList();
        }
    }
}
