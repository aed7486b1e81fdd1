package org.sfsbench.report.text;

import java.util.Locale;

/**
 * Text for a console of {@link #WIDTH} columns (or wider): prose is broken between words, never
 * inside one, so a terminal never has to wrap a line and no sentence is cut.
 */
public final class Reflow {
    /** Console text fits this width, or the terminal's when it is wider. */
    public static final int WIDTH = 80;
    /** Column where the value of a {@link #field} line starts. */
    public static final int KEY_WIDTH = 16;

    private Reflow() {
    }

    /**
     * {@code text} broken between words into lines of at most {@code width} columns: the first line
     * starts with {@code first}, later ones with {@code rest}. A word longer than a line (a long
     * path) stays whole on a line of its own. Each line ends with a newline.
     */
    public static String hanging(String first, String rest, String text, int width) {
        StringBuilder b = new StringBuilder();
        int lead = 0;
        while (lead < text.length() && text.charAt(lead) == ' ') {
            lead++;
        }
        // leading spaces align a column: they stay on the first line
        StringBuilder cur = new StringBuilder(first).append(text, 0, lead);
        int bare = cur.length();
        // split on single spaces: a double space inside a line (after a timestamp) is kept
        for (String word : text.substring(lead).stripTrailing().split(" ")) {
            if (cur.length() > bare && cur.length() + 1 + word.length() > width) {
                b.append(cur).append('\n');
                cur = new StringBuilder(rest);
                bare = rest.length();
            }
            if (cur.length() > bare) {
                cur.append(' ');
            }
            cur.append(word);
        }
        return b.append(cur).append('\n').toString();
    }

    /** A paragraph indented by {@code indent} spaces. */
    public static String para(int indent, String text, int width) {
        String pad = " ".repeat(indent);
        return hanging(pad, pad, text, width);
    }

    /** {@code key} padded to {@link #KEY_WIDTH} columns, the value reflowed under itself. */
    public static String field(String key, String value, int width) {
        String head = String.format(Locale.ROOT, "%-" + (KEY_WIDTH - 1) + "s ", key);
        return hanging(head, " ".repeat(Math.max(head.length(), KEY_WIDTH)), value, width);
    }

    /** A list item: {@code "  - "} then the text, continued under the text. */
    public static String item(String text, int width) {
        return hanging("  - ", "    ", text, width);
    }

    /**
     * One line of console output broken between words when longer than {@code width}; the
     * continuation lines are indented four more than the first. Lines joined by '\n'.
     */
    public static String wrapLine(String line, int width) {
        if (line.length() <= width) {
            return line;
        }
        int lead = 0;
        while (lead < line.length() && line.charAt(lead) == ' ') {
            lead++;
        }
        String wrapped = hanging(line.substring(0, lead), " ".repeat(Math.min(lead + 4, width / 2)),
                line.substring(lead), width);
        return wrapped.substring(0, wrapped.length() - 1);
    }

    /** The longest line of {@code text}, in columns. */
    public static int widest(String text) {
        return text.lines().mapToInt(String::length).max().orElse(0);
    }
}
