package org.sfsbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.WindowsArgv;

/** The ssh command of a Windows agent: java.exe of the installed tree through cmd.exe. */
class SshLaunchWindowsTest {

    @Test
    void sshCommandOfAWindowsAgentRunsJavaFromTheTreeThroughCmd() {
        List<String> c = SshLaunch.windowsCommand("win7", "bench", 2222, Path.of("/keys/id"), null,
                "C:\\Program Files (x86)\\sfs bench\\", 50777);
        int dashes = c.indexOf("--");
        assertEquals(List.of("--", "win7"), c.subList(dashes, dashes + 2));
        assertTrue(c.containsAll(List.of("-l", "bench", "-p", "2222", "-i", "/keys/id", "BatchMode=yes")), c.toString());
        assertEquals(dashes + 3, c.size(), "one remote command word: " + c);
        String remote = c.get(c.size() - 1);
        // cmd /c takes off the first and the last quote
        assertTrue(remote.startsWith("\"\"") && remote.endsWith("\""), remote);
        String inner = remote.substring(1, remote.length() - 1);
        assertEquals(List.of("C:\\Program Files (x86)\\sfs bench\\java\\bin\\java.exe",
                "-Dsfs.home=C:\\Program Files (x86)\\sfs bench", "-cp", "C:\\Program Files (x86)\\sfs bench\\manager\\lib\\*",
                "org.sfsbench.cli.Main", "agent", "--launched", "--bind", "win7", "--port", "50777", "--work-dir",
                "%TEMP%\\sfsbench-agent-win7-50777"), WindowsArgv.split(inner), inner);
        // no secret, no TLS key on the command line: the agent reads them on stdin (--launched)
        assertTrue(!remote.toLowerCase(java.util.Locale.ROOT).contains("secret") && !remote.contains("tls"), remote);
        // outside quotes cmd would act on ( ) & | < > ^: every one of them is inside a quoted word
        assertEquals(List.of(), unquotedOperators(inner), inner);
    }

    @Test
    void sshCommandOfAWindowsAgentOnAnIpv6AddressAndAShare() {
        List<String> c = SshLaunch.windowsCommand("fd00::5", null, null, null, null, "\\\\fs1\\tools\\sfs", 50777);
        String remote = c.get(c.size() - 1);
        List<String> words = WindowsArgv.split(remote.substring(1, remote.length() - 1));
        assertEquals("\\\\fs1\\tools\\sfs\\java\\bin\\java.exe", words.get(0));
        assertEquals("fd00::5", words.get(words.indexOf("--bind") + 1));
        assertEquals("%TEMP%\\sfsbench-agent-fd00__5-50777", words.get(words.size() - 1), "no ':' in a Windows file name");
        assertTrue(!c.contains("-l") && !c.contains("-p"), c.toString());
    }

    @Test
    void sshCommandOfAWindowsAgentRefusesWhatCmdCannotCarry() {
        assertThrows(IllegalArgumentException.class,
                () -> SshLaunch.windowsCommand("w1", null, null, null, null, "/opt/sfsbench", 50777));
        assertThrows(IllegalArgumentException.class,
                () -> SshLaunch.windowsCommand("w1", null, null, null, null, "C:\\100%\\sfs", 50777));
        assertThrows(IllegalArgumentException.class,
                () -> SshLaunch.windowsCommand("w1&calc", null, null, null, null, "C:\\sfs", 50777));
        assertTrue(SshLaunch.isWindowsAbsolute("C:\\sfs") && SshLaunch.isWindowsAbsolute("d:/sfs")
                && SshLaunch.isWindowsAbsolute("\\\\server\\share\\sfs"));
        assertTrue(!SshLaunch.isWindowsAbsolute("sfs") && !SshLaunch.isWindowsAbsolute("C:sfs")
                && !SshLaunch.isWindowsAbsolute("\\sfs") && !SshLaunch.isWindowsAbsolute("\\\\server"));
    }

    private static List<Character> unquotedOperators(String line) {
        List<Character> out = new ArrayList<>();
        boolean quoted = false;
        for (char ch : line.toCharArray()) {
            if (ch == '"') {
                quoted = !quoted;
            } else if (!quoted && "&|<>^()".indexOf(ch) >= 0) {
                out.add(ch);
            }
        }
        return out;
    }
}
