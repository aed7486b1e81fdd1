package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/** Two managers on one host at once, with the same rc AGENT_PORT: their local agents take free ports. */
class TwoManagersIT {
    @Test
    void twoManagersWithTheSameAgentPortBothRun(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Path rcA = PosixRunIT.writeRc(a, "localhost", 1, "10", 1, 2, "");
        Path rcB = PosixRunIT.writeRc(b, "localhost", 1, "10", 1, 2, "");
        Files.writeString(rcB, Files.readString(rcB).replaceAll("(?m)^AGENT_PORT=.*$",
                Matcher.quoteReplacement(firstLine(Files.readString(rcA), "AGENT_PORT="))));
        ChildProcess runA = Sfs.start(a.resolve("out.txt"), Map.of(), "run", "-r", rcA.toString(), "-s", "a", "-d",
                a.resolve("results").toString());
        ChildProcess runB = Sfs.start(b.resolve("out.txt"), Map.of(), "run", "-r", rcB.toString(), "-s", "b", "-d",
                b.resolve("results").toString());
        assertEquals(0, runA.waitFor(180), runA.output());
        assertEquals(0, runB.waitFor(180), runB.output());
        int portA = agentPort(a.resolve("results/agents.a/agent0001.out"));
        int portB = agentPort(b.resolve("results/agents.b/agent0001.out"));
        assertNotEquals(portA, portB);
        assertTrue(Files.readAllLines(a.resolve("results/sfssum.a")).size() == 1
                && Files.readAllLines(b.resolve("results/sfssum.b")).size() == 1, "both runs wrote their row");
    }

    private static String firstLine(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
    }

    private static int agentPort(Path console) throws Exception {
        Matcher m = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) ").matcher(Files.readString(console));
        assertTrue(m.find(), console.toString());
        return Integer.parseInt(m.group(1));
    }
}
