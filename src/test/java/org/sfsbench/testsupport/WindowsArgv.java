package org.sfsbench.testsupport;

import java.util.ArrayList;
import java.util.List;

/** A Windows command line split into arguments as a program's C runtime splits it. */
public final class WindowsArgv {
    private WindowsArgv() {
    }

    /** The C runtime's (msvcrt, 2008 and later) split of a command line into arguments. */
    public static List<String> split(String line) {
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
}
