package org.sfsbench.report.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table that fits a width: the first column (the key, left-aligned) names the row,
 * the others are right-aligned figures. When all columns do not fit, the figures are split into
 * several tables, each repeating the key column, so every figure is kept and no line is cut.
 */
public final class TextTable {
    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    /** One row: the key, then one cell per figure column ("-" for a figure not known). */
    public TextTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        List<String> r = new ArrayList<>();
        for (Object c : cells) {
            r.add(c == null ? "-" : c.toString());
        }
        rows.add(r);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, or tables separated by a blank line, no line wider than {@code width}. */
    public String render(int width) {
        int[] w = new int[headers.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = headers.get(c).length();
            for (List<String> r : rows) {
                w[c] = Math.max(w[c], r.get(c).length());
            }
        }
        List<List<Integer>> groups = new ArrayList<>();
        List<Integer> cur = new ArrayList<>();
        int used = w[0];
        for (int c = 1; c < w.length; c++) {
            if (!cur.isEmpty() && used + GAP.length() + w[c] > width) {
                groups.add(cur);
                cur = new ArrayList<>();
                used = w[0];
            }
            cur.add(c);
            used += GAP.length() + w[c];
        }
        groups.add(cur);
        StringBuilder b = new StringBuilder();
        for (List<Integer> g : groups) {
            if (b.length() > 0) {
                b.append('\n');
            }
            line(b, headers, w, g);
            for (List<String> r : rows) {
                line(b, r, w, g);
            }
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells, int[] w, List<Integer> cols) {
        StringBuilder l = new StringBuilder(cells.get(0));
        l.append(" ".repeat(w[0] - cells.get(0).length()));
        for (int c : cols) {
            String s = cells.get(c);
            l.append(GAP).append(" ".repeat(w[c] - s.length())).append(s);
        }
        b.append(l.toString().stripTrailing()).append('\n');
    }
}
