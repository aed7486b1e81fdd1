package org.sfsbench.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.testsupport.WindowsArgv;

/**
 * Command lines for Windows: quoting by the C runtime's rules (checked by splitting them back the
 * way the runtime does, {@link WindowsArgv}), cmd.exe's operators and refusals.
 */
class WindowsCommandLineTest {

    @Test
    void argumentsSurviveTheRuntimesSplit() {
        List<String> args = List.of("C:\\Program Files\\sfs\\java\\bin\\java.exe", "-Dsfs.home=C:\\Program Files\\sfs\\",
                "plain", "", "with \"quotes\" inside", "trailing\\\\", "C:\\dir with space\\", "a\\\"b", "tab\there",
                "-cp", "C:\\x y\\lib\\*");
        String line = WindowsCommandLine.join(args);
        assertEquals(args, WindowsArgv.split(line), line);
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
}
