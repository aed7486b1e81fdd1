package org.sfsbench.report.chart;

/** Escaping for text placed in HTML or SVG (both parsed as XML-compatible markup here). */
public final class Markup {
    private Markup() {
    }

    /**
     * Escapes the five markup-significant characters and drops characters XML 1.0 forbids, so a
     * value taken from a result file can never break the page or inject markup.
     */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
                        b.append(c);
                    } else {
                        b.append('\uFFFD');
                    }
                }
            }
        }
        return b.toString();
    }
}
