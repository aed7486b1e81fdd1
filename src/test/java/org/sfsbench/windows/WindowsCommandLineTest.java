package org.sfsbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Command lines for Windows: quoting by the C runtime's rules (checked by splitting them back the
 * way the runtime does), cmd.exe's operators and refusals, and the ssh command of a Windows agent.
 */
class WindowsCommandLineTest {

    /** The C runtime's (msvcrt, 2008 and later) split of a command line into arguments. */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
                i++;
            }
            if (i == line.length()) {
                break;
            }
            StringBuilder a = new StringBuilder();
            boolean quoted = false;
            while (i < line.length() && (quoted || (line.charAt(i) != ' ' && line.charAt(i) != '\t'))) {
                int bs = 0;
                while (i < line.length() && line.charAt(i) == '\\') {
                    bs++;
                    i++;
                }
                if (i < line.length() && line.charAt(i) == '"') {
                    a.append("\\".repeat(bs / 2));
                    if (bs % 2 == 1) {
                        a.append('"');
                    } else if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        a.append('"');
                        i++;
                    } else {
                        quoted = !quoted;
                    }
                    i++;
                } else {
                    a.append("\\".repeat(bs));
                    if (i < line.length() && (quoted || (line.charAt(i) != ' ' && line.charAt(i) != '\t'))) {
                        a.append(line.charAt(i));
                        i++;
                    }
                }
            }
            out.add(a.toString());
        }
        return out;
    }

    @Test
    void argumentsSurviveTheRuntimesSplit() {
        List<String> args = List.of("C:\\Program Files\\sfs\\java\\bin\\java.exe", "-Dsfs.home=C:\\Program Files\\sfs\\",
                "plain", "", "with \"quotes\" inside", "trailing\\\\", "C:\\dir with space\\", "a\\\"b", "tab\there",
                "-cp", "C:\\x y\\lib\\*");
        String line = WindowsCommandLine.join(args);
        assertEquals(args, split(line), line);
    }

    @Test
    void plainArgumentsStayBareAndBlanksAreQuoted() {
        assertEquals("C:\\sfs\\bin\\x.exe", WindowsCommandLine.quote("C:\\sfs\\bin\\x.exe"));
        assertEquals("\"C:\\Program Files\\x.exe\"", WindowsCommandLine.quote("C:\\Program Files\\x.exe"));
        // a trailing backslash doubled, else it would escape the closing quote
        assertEquals("\"C:\\my dir\\\\\"", WindowsCommandLine.quote("C:\\my dir\\"));
        assertEquals("\"\"", WindowsCommandLine.quote(""));
    }

    @Test
    void cmdOperatorsAreQuotedAndPercentQuoteAndLineBreaksRefused() {
        assertEquals("C:\\sfs\\java.exe", WindowsCommandLine.cmdQuote("C:\\sfs\\java.exe"));
        for (String op : List.of("&", "|", "<", ">", "^", "(", ")", " ")) {
            String a = "C:\\a" + op + "b";
            assertEquals("\"" + a + "\"", WindowsCommandLine.cmdQuote(a), op);
        }
        for (String bad : List.of("C:\\%PATH%", "C:\\a\"b", "a\nb", "a\rb")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WindowsCommandLine.cmdQuote(bad));
            assertTrue(e.getMessage().contains("cmd.exe"), e.getMessage());
        }
    }

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
                "%TEMP%\\sfsbench-agent-win7-50777"), split(inner), inner);
        // no secret, no TLS key on the command line: the agent reads them on stdin (--launched)
        assertTrue(!remote.toLowerCase(java.util.Locale.ROOT).contains("secret") && !remote.contains("tls"), remote);
        // outside quotes cmd would act on ( ) & | < > ^: every one of them is inside a quoted word
        assertEquals(List.of(), unquotedOperators(inner), inner);
    }

    @Test
    void sshCommandOfAWindowsAgentOnAnIpv6AddressAndAShare() {
        List<String> c = SshLaunch.windowsCommand("fd00::5", null, null, null, null, "\\\\fs1\\tools\\sfs", 50777);
        String remote = c.get(c.size() - 1);
        List<String> words = split(remote.substring(1, remote.length() - 1));
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
