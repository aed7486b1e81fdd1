package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits an rc file into assignments. Syntax (a safe subset of the shell's): {@code NAME=value},
 * {@code NAME="value with spaces"} or {@code NAME='...'}, no spaces around '=', {@code #} comments
 * (whole line, or after whitespace following the value), blank lines. Quotes keep backslashes
 * literal so CIFS shares can be written as {@code \\server\share}.
 */
final class RcLexer {
    private static final Pattern ASSIGN = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)");

    private RcLexer() {
    }

    static List<RcAssignment> lex(Path file) throws RcException {
        List<String> lines = TextFiles.readUnixLines(file, "rc file");
        List<RcAssignment> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            Matcher m = ASSIGN.matcher(line);
            if (!m.matches()) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(0, eq).strip().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    String name = line.substring(0, eq).strip();
                    throw new RcException(file, no, name, null, "spaces around '=' are not allowed (the value is"
                            + " not shown)", "NAME=value or NAME=\"list of values\"");
                }
                throw new RcException(file, no, null, null, "not an assignment (the line is not shown: this may"
                        + " not be an rc file)",
                        "NAME=value, NAME=\"list of values\", # comments and blank lines");
            }
            out.add(new RcAssignment(m.group(1), value(file, no, m.group(1), m.group(2)), no));
        }
        return out;
    }

    private static String value(Path file, int no, String name, String raw) throws RcException {
        if (raw.isEmpty()) {
            return "";
        }
        char q = raw.charAt(0);
        if (q == '"' || q == '\'') {
            int close = raw.indexOf(q, 1);
            if (close < 0) {
                throw new RcException(file, no, name, raw, "the opening " + q + " is never closed",
                        "a value closed by " + q + " on the same line");
            }
            String rest = raw.substring(close + 1);
            if (!rest.isEmpty() && !rest.matches("\\s+#.*|\\s*")) {
                throw new RcException(file, no, name, raw, "text after the closing quote",
                        "NAME=\"value\" optionally followed by whitespace and a # comment");
            }
            return raw.substring(1, close);
        }
        String v = raw.replaceFirst("\\s+#.*$", "");
        if (v.matches(".*\\s.*")) {
            throw new RcException(file, no, name, v.strip(),
                    "a list of values must be enclosed in double quotes", name + "=\"" + v.strip() + "\"");
        }
        if (v.indexOf('"') >= 0 || v.indexOf('\'') >= 0) {
            throw new RcException(file, no, name, v, "stray quote inside an unquoted value",
                    "NAME=value or NAME=\"value\"");
        }
        return v;
    }
}
