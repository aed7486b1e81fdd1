package org.sfsbench.capture;

/** One frame as tshark printed it: a column per {@link CaptureField}. */
public final class FrameRow {
    private static final String[] NONE = new String[0];
    private final String[] columns;

    private FrameRow(String[] columns) {
        this.columns = columns;
    }

    /** The row of one tshark line, or null when the line is not one (a short line). */
    public static FrameRow parse(String line) {
        String[] c = split(line, CaptureField.SEPARATOR);
        return c.length < CaptureField.values().length ? null : new FrameRow(c);
    }

    /** The column's first occurrence, "" when the frame has none. */
    public String first(CaptureField f) {
        String c = columns[f.ordinal()];
        int cut = c.indexOf(CaptureField.AGGREGATOR);
        return cut < 0 ? c : c.substring(0, cut);
    }

    /** Every occurrence of the column, in frame order. */
    public String[] all(CaptureField f) {
        String c = columns[f.ordinal()];
        return c.isEmpty() ? NONE : split(c, CaptureField.AGGREGATOR);
    }

    public long frame() {
        return Long.parseLong(first(CaptureField.FRAME));
    }

    public double time() {
        return Double.parseDouble(first(CaptureField.TIME));
    }

    /** The sender's address (IPv4 or IPv6). */
    public String source() {
        String v4 = first(CaptureField.IP_SRC);
        return v4.isEmpty() ? first(CaptureField.IP6_SRC) : v4;
    }

    /** Counts the separators first: one array of the right size, no list per row. */
    private static String[] split(String s, char sep) {
        int n = 1;
        for (int i = s.indexOf(sep); i >= 0; i = s.indexOf(sep, i + 1)) {
            n++;
        }
        String[] out = new String[n];
        int from = 0;
        for (int k = 0; k < n - 1; k++) {
            int i = s.indexOf(sep, from);
            out[k] = s.substring(from, i);
            from = i + 1;
        }
        out[n - 1] = s.substring(from);
        return out;
    }
}
