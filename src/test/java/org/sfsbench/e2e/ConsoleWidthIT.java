package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.Sfs;

/**
 * What a person sees in an 80x24 terminal (tmux): the live progress of a run, the help pages, the
 * plan of a template and the report of the run; no line may wrap. tmux's capture with -J joins wrapped lines, so a joined line longer than 80
 * columns is one the terminal had to wrap.
 */
class ConsoleWidthIT {
    @TempDir
    Path dir;

    @Test
    void aRunAndTheHelpFitAnEightyColumnTerminal() throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("m"));
        Path rc = TestRc.write(dir, "posix", "localhost", 2, mnt + " " + mnt, "10 20", 2, 4, "");
        String run = shell(Sfs.command("run", "-r", rc.toString(), "-s", "tty", "-d", dir.resolve("res").toString(),
                "--progress", "terminal"));
        String help = shell(Sfs.command("run", "--help")) + "; " + shell(Sfs.command("--help"));
        // what a person reads next: the plan of a shipped template and the report of this run
        String readers = shell(Sfs.command("plan", "-r", Sfs.home().resolve("templates/sfs_topspeed_rc").toString()))
                + "; " + shell(Sfs.command("report", dir.resolve("res/sfsresult.tty.xml").toString()))
                // a long error and the engine's long version line, broken between words
                + "; " + shell(Sfs.command("plan", "-r", dir.toString())) + "; " + shell(Sfs.command("-V"));
        String session = "sfs-width-" + ProcessHandle.current().pid();
        List<String> seen = new ArrayList<>();
        try {
            tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                    run + "; echo SFS-EXIT=$?; " + help + "; " + readers + "; echo SFS-DONE; sleep 600");
            long until = System.currentTimeMillis() + 180_000;
            String screen = "";
            while (System.currentTimeMillis() < until && !screen.contains("SFS-DONE")) {
                screen = capture(session);
                seen.add(screen);
                Thread.sleep(300);
            }
            assertTrue(screen.contains("SFS-DONE"), "run did not finish in tmux:\n" + screen);
            assertTrue(screen.contains("SFS-EXIT=0"), screen);
            for (String s : seen) {
                for (String line : s.lines().toList()) {
                    assertTrue(line.stripTrailing().length() <= 80,
                            "wrapped (" + line.stripTrailing().length() + " columns): " + line);
                }
            }
            assertTrue(screen.contains("duration        ") && screen.contains("Response time of each op")
                    && screen.contains("is a folder, not an rc") && screen.contains("sfsengine "),
                    "plan, report, error or version were not shown:\n" + screen);
            assertTrue(seen.stream().anyMatch(s -> s.contains("[eta ") && s.contains("point 1/2")),
                    "the live line was never seen:\n" + String.join("\n----\n", seen.subList(0, Math.min(5, seen.size()))));
        } finally {
            new ProcessBuilder("tmux", "kill-session", "-t", session).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String shell(List<String> cmd) {
        return cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
    }

    private static void tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "tmux " + String.join(" ", args) + ": " + out);
    }

    /** The whole scrollback, wrapped lines joined. */
    private static String capture(String session) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("tmux", "capture-pane", "-p", "-J", "-S", "-", "-t", session)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
