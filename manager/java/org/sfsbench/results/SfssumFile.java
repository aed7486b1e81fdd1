package org.sfsbench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sfssum file format (guide 4.4): one row per load point, 14 whitespace-separated columns.
 * {@link #format} writes the widths of the guide's sample; {@link #read} accepts any spacing, so
 * it reads SPECsfs2008's own files as well as ours.
 */
public final class SfssumFile {
    /**
     * Widths of the guide's sample: requested 8, achieved 8, msec/op 8.1, ops 9, seconds 5,
     * protocol, T, IP version, file set 11, generators 4, procs 3, biod writes 3, biod reads 3,
     * release.
     */
    private static final String ROW = "%8d%8d%8.1f%9d%5d %s %s %d%11d%4d%3d%3d%3d %s";

    private SfssumFile() {
    }

    /** The text of one row, without line terminator. */
    public static String format(SfssumRow r) {
        return String.format(Locale.ROOT, ROW, r.requested(), r.achieved(), r.msecPerOp(), r.totalOps(), r.seconds(),
                r.protocol(), r.network(), r.ipVersion(), r.filesetKb(), r.loadGenerators(), r.procsPerGenerator(),
                r.biodWrites(), r.biodReads(), r.release());
    }

    /** A row that is not sfssum's may be another file's secret: its text is never shown. */
    private static final String NOT_SHOWN = " (the line is not shown: this may not be an sfssum file)";

    /**
     * Reads every row of {@code file}. Blank lines are skipped; no-break spaces count as spaces
     * (text copied from the guide has them).
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming file and line for a malformed row
     */
    public static List<SfssumRow> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<SfssumRow> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replace('\u00a0', ' ').strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                rows.add(parse(line, file + ":" + (i + 1)));
            }
        }
        return rows;
    }

    /** Parses one row; {@code where} (file:line) is named in the error. */
    public static SfssumRow parse(String line, String where) {
        String[] f = line.strip().split("\\s+");
        if (f.length != SfssumRow.FIELDS) {
            throw new IllegalArgumentException(where + ": not an sfssum row: " + f.length + " fields, expected "
                    + SfssumRow.FIELDS + " (requested achieved msec/op ops seconds protocol T ipversion fileset-KB"
                    + " generators procs biod-writes biod-reads release)" + NOT_SHOWN);
        }
        return new SfssumRow(num(f, 0, "requested ops/s", where), num(f, 1, "achieved ops/s", where),
                dec(f, 2, "msec/op", where), num(f, 3, "total ops", where), num(f, 4, "seconds", where), f[5], f[6],
                (int) num(f, 7, "IP version", where), num(f, 8, "file set KB", where),
                (int) num(f, 9, "load generators", where), (int) num(f, 10, "procs per generator", where),
                (int) num(f, 11, "BIOD writes", where), (int) num(f, 12, "BIOD reads", where), f[13]);
    }

    private static long num(String[] f, int i, String what, String where) {
        long v;
        try {
            v = Long.parseLong(f[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": column " + (i + 1) + " (" + what + ") is not a whole"
                    + " number" + NOT_SHOWN, e);
        }
        if (v < 0) {
            throw new IllegalArgumentException(where + ": column " + (i + 1) + " (" + what + ") is " + v
                    + ": rates, counts and times are never negative");
        }
        return v;
    }

    private static double dec(String[] f, int i, String what, String where) {
        try {
            double v = Double.parseDouble(f[i]);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException("not finite");
            }
            if (v < 0) {
                throw new IllegalArgumentException(where + ": column " + (i + 1) + " (" + what + ") is " + v
                        + ": rates, counts and times are never negative");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": column " + (i + 1) + " (" + what + ") is not a finite"
                    + " decimal number" + NOT_SHOWN, e);
        }
    }
}
