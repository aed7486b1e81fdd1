package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * The README's commands as a new user types them, on a fresh layout (an empty HOME, no folder
 * made beforehand): every rc file a command names exists, every template passes {@code bin/sfs
 * plan}, and an error line is broken at COLUMNS.
 */
class ReadmeCommandsIT {
    @TempDir
    Path home;

    private ChildProcess.Result sfs(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "cd \"$0\" && exec bin/sfs \"$@\"",
                Sfs.home().toString()));
        cmd.addAll(List.of(args));
        Map<String, String> all = new java.util.HashMap<>(Map.of("HOME", home.toString(), "PATH",
                System.getenv("PATH")));
        all.putAll(env);
        return ChildProcess.run(cmd, all, 120, TimeUnit.SECONDS);
    }

    /** The {@code bin/sfs ...} lines of the README's shell blocks. */
    private static List<String> readmeCommands() throws Exception {
        List<String> out = new ArrayList<>();
        boolean sh = false;
        for (String line : Files.readAllLines(Sfs.home().resolve("README.md"))) {
            if (line.startsWith("```")) {
                sh = line.equals("```sh");
            } else if (sh && line.startsWith("bin/sfs ")) {
                out.add(line.replaceAll("\\s+#.*", "").strip());
            }
        }
        return out;
    }

    @Test
    void everyRcFileTheReadmeNamesExistsAndItsPlanCommandWorks() throws Exception {
        List<String> cmds = readmeCommands();
        assertTrue(cmds.contains("bin/sfs plan -r templates/sfs_posix_rc"), cmds.toString());
        Pattern rc = Pattern.compile("-r (\\S+)");
        for (String c : cmds) {
            Matcher m = rc.matcher(c);
            if (m.find()) {
                assertTrue(Files.isRegularFile(Sfs.home().resolve(m.group(1))), c + ": no such rc file");
            }
            if (c.startsWith("bin/sfs plan ")) {
                String[] args = c.substring("bin/sfs ".length()).split(" ");
                ChildProcess.Result r = sfs(Map.of(), args);
                assertEquals(0, r.exit(), c + ": " + r.output());
            }
        }
    }

    @Test
    void everyTemplatePlansOnAFreshLayout() throws Exception {
        List<Path> templates;
        try (Stream<Path> s = Files.list(Sfs.home().resolve("templates"))) {
            templates = s.filter(p -> p.getFileName().toString().matches("sfs_.*_rc")).sorted().toList();
        }
        assertTrue(templates.size() >= 6, templates.toString());
        for (Path t : templates) {
            ChildProcess.Result r = sfs(Map.of(), "plan", "-r", "templates/" + t.getFileName());
            assertEquals(0, r.exit(), t + ": " + r.output());
        }
    }

    @Test
    void anErrorLineIsBrokenAtColumns() throws Exception {
        Path rc = home.resolve("rc");
        Files.writeString(rc, Files.readString(Sfs.home().resolve("templates/sfs_posix_rc"))
                .replace("MNT_POINTS=\"/tmp /tmp\"", "MNT_POINTS=\"/nonexistent/some/long/folder/name "
                        + "/nonexistent/some/long/folder/name\""));
        ChildProcess.Result r = sfs(Map.of("COLUMNS", "60"), "plan", "-r", rc.toString());
        assertTrue(r.exit() != 0 && r.output().contains("does not exist"), r.output());
        for (String line : r.output().lines().toList()) {
            assertTrue(line.length() <= 60, line.length() + " columns: " + line);
        }
    }
}
