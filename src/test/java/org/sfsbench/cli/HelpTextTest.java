package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --help is formatted whole: no "[picocli WARN]" (an unescaped %) on any stream. */
class HelpTextTest {
    @Test
    void everyHelpFormatsWithoutWarnings() {
        for (var sub : Main.commandLine().getSubcommands().entrySet()) {
            String name = sub.getKey();
            if (!sub.getValue().getCommandSpec().mixinStandardHelpOptions()) {
                continue; // the internal worker command has no help
            }
            CommandLine cl = Main.commandLine();
            StringWriter out = new StringWriter();
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(new StringWriter()));
            PrintStream saved = System.err;
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int rc;
            try {
                rc = cl.execute(name, "--help");
            } finally {
                System.setErr(saved);
            }
            assertEquals(0, rc, name);
            String all = out + err.toString(StandardCharsets.UTF_8);
            assertFalse(all.contains("picocli WARN"), "sfs " + name + " --help: " + all);
            assertFalse(out.toString().contains("%n"), "sfs " + name + " --help shows a raw %n: " + out);
        }
    }
}
