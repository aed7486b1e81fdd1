package org.sfsbench.report.html;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.chart.Markup;

/** A small builder for escaped HTML tables; numeric columns are right-aligned. */
public final class HtmlTable {
    private final String cssClass;
    private final String[] headers;
    private final boolean[] numeric;
    private final List<String[]> rows = new ArrayList<>();
    private final List<String> rowClasses = new ArrayList<>();

    public HtmlTable(String cssClass, String... headers) {
        this.cssClass = cssClass;
        this.headers = headers.clone();
        this.numeric = new boolean[headers.length];
    }

    /** Marks columns (0-based) whose cells are numbers. */
    public HtmlTable numeric(int... columns) {
        for (int c : columns) {
            numeric[c] = true;
        }
        return this;
    }

    public HtmlTable row(String... cells) {
        return classedRow(null, cells);
    }

    /** A row with a CSS class (null for none), e.g. to highlight points above the limit. */
    public HtmlTable classedRow(String rowClass, String... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.length + " columns");
        }
        rows.add(cells.clone());
        rowClasses.add(rowClass);
        return this;
    }

    public String html() {
        StringBuilder b = new StringBuilder();
        b.append("<table class=\"").append(cssClass).append("\">\n<thead><tr>");
        for (int i = 0; i < headers.length; i++) {
            b.append(numeric[i] ? "<th class=\"num\">" : "<th>").append(Markup.escape(headers[i])).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            String rc = rowClasses.get(r);
            b.append(rc == null ? "<tr>" : "<tr class=\"" + rc + "\">");
            String[] cells = rows.get(r);
            for (int i = 0; i < cells.length; i++) {
                b.append(numeric[i] ? "<td class=\"num\">" : "<td>").append(Markup.escape(cells[i])).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        return b.toString();
    }
}
