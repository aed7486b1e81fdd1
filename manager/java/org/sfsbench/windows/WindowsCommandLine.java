package org.sfsbench.windows;

import java.util.List;

/**
 * Command lines for Windows programs: the C runtime's rules, by which {@code java.exe} splits its
 * command line into arguments (backslashes are literal except before a quote), and cmd.exe's,
 * for the command an OpenSSH server on Windows hands to {@code cmd.exe /c}.
 */
public final class WindowsCommandLine {
    private WindowsCommandLine() {
    }

    /** The arguments joined into one command line that the C runtime splits back into them. */
    public static String join(List<String> args) {
        StringBuilder b = new StringBuilder();
        for (String a : args) {
            b.append(b.length() == 0 ? "" : " ").append(quote(a));
        }
        return b.toString();
    }

    /** One argument for the C runtime: bare when it has no blank or quote, else quoted. */
    public static String quote(String a) {
        if (!a.isEmpty() && a.chars().noneMatch(c -> c == ' ' || c == '\t' || c == '"' || c == '\n' || c == 0x0b)) {
            return a;
        }
        return quoted(a);
    }

    private static String quoted(String a) {
        StringBuilder b = new StringBuilder("\"");
        int backslashes = 0;
        for (int i = 0; i < a.length(); i++) {
            char c = a.charAt(i);
            if (c == '\\') {
                backslashes++;
                continue;
            }
            // backslashes before a quote are doubled, and the quote escaped
            b.append("\\".repeat(c == '"' ? 2 * backslashes + 1 : backslashes)).append(c);
            backslashes = 0;
        }
        // before the closing quote, so that it stays a quote
        return b.append("\\".repeat(2 * backslashes)).append('"').toString();
    }

    /**
     * One argument of a command run by {@code cmd.exe /c}: quoted when it has a blank or one of
     * cmd's operators ({@code & | < > ^ ( )}), which are plain text inside quotes. cmd expands
     * {@code %NAME%} even inside quotes and a quote cannot be escaped for it, so an argument with
     * {@code %}, {@code "} or a line break is refused.
     */
    public static String cmdQuote(String a) {
        for (int i = 0; i < a.length(); i++) {
            char c = a.charAt(i);
            if (c == '%' || c == '"' || c == '\r' || c == '\n' || c == 0) {
                throw new IllegalArgumentException("cannot pass " + a + " through cmd.exe (it has "
                        + (c == '%' ? "%" : c == '"' ? "a quote" : "a line break or NUL") + ")");
            }
        }
        boolean special = a.isEmpty() || a.chars().anyMatch(c -> c == ' ' || c == '\t' || "&|<>^()".indexOf(c) >= 0);
        return special ? quoted(a) : a;
    }
}
