package org.sfsbench.report.html;

/** The report's inline style sheet and chart colours (no external resources: the page works offline). */
public final class Style {
    public static final String RESPONSE = "#1f77b4";
    public static final String REQUESTED = "#9ecae1";
    public static final String ACHIEVED = "#1f77b4";
    public static final String LIMIT = "#d62728";
    public static final String TARGET = "#bdbdbd";
    /** p50, p90, p99, p99.9: distinct hues, so the tail percentiles cannot be mistaken for each other. */
    public static final String[] PERCENTILES = {"#9ecae1", "#3182bd", "#fd8d3c", "#a50f15"};

    public static final String CSS = """
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px auto;
                   max-width: 1100px; color: #222; background: #fff; }
            h1 { font-size: 22px; margin-bottom: 4px; }
            h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 32px; }
            .headline { font-size: 20px; font-weight: bold; margin: 12px 0; white-space: pre-wrap; }
            .verdict { padding: 10px 14px; border-radius: 4px; margin: 12px 0; }
            .verdict.ok { background: #e5f5e0; border: 1px solid #74c476; }
            .verdict.no { background: #fee0d2; border: 1px solid #fb6a4a; }
            .headline + .headline { margin-top: -6px; font-size: 16px; }
            .verdict .check { font-size: 13px; margin-left: 1em; }
            table { border-collapse: collapse; margin: 8px 0 16px 0; font-size: 13px; }
            th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
            th { background: #f3f3f3; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
            tr.over td { color: #a50f15; }
            .warmups li.unsettled { color: #a50f15; font-weight: bold; }
            tr.failed td { background: #fff5f0; }
            .charts svg { display: block; margin: 12px 0; border: 1px solid #eee; }
            details { margin: 6px 0; }
            .server-panels { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 8px; }
            .server-panel { border: 1px solid #ddd; border-radius: 4px; padding: 6px 10px; font-size: 13px; }
            .server-panel.flagged { border-color: #fb6a4a; background: #fff5f0; }
            .server-panel p { margin: 4px 0; }
            summary { cursor: pointer; font-weight: bold; }
            .meta td:first-child { font-weight: bold; }
            footer { margin-top: 40px; font-size: 12px; color: #777; }
            """;

    private Style() {
    }
}
