package org.sfsbench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sfsbench.results.model.LoadPointResult;

/**
 * Writes sfssum.&lt;suffix&gt; as each load point finishes: the whole file is rewritten through
 * {@link ResultFiles} (forced to disk, renamed over the old one), so a crash later in the run
 * keeps every finished point and a full disk never leaves half a row.
 */
public final class SfssumWriter {
    private final Path file;
    private final StringBuilder text;

    private SfssumWriter(Path file, String text) {
        this.file = file;
        this.text = new StringBuilder(text);
    }

    /** Starts a new file (an existing one is replaced). */
    public static SfssumWriter create(Path file) throws IOException {
        ResultFiles.write(file, "");
        return new SfssumWriter(file, "");
    }

    /** Continues an existing file (created if missing). */
    public static SfssumWriter append(Path file) throws IOException {
        String old = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        if (!old.isEmpty() && !old.endsWith("\n")) {
            old += "\n";
        }
        return new SfssumWriter(file, old);
    }

    /** Adds the row of {@code point}; on disk once this returns, the file unchanged if it throws. */
    public synchronized void write(LoadPointResult point) throws IOException {
        StringBuilder next = new StringBuilder(text);
        next.append(SfssumFile.format(SfssumRow.of(point))).append('\n');
        String mark = failureMark(point);
        if (mark != null) {
            next.append(mark).append('\n');
        }
        ResultFiles.write(file, next.toString());
        text.setLength(0);
        text.append(next);
    }

    /**
     * The note line below the row of a point with failed ops, so the row does not look clean; a
     * '#' line keeps the guide's 14 columns of every row for SPEC's tools and ours (they skip it).
     */
    static String failureMark(LoadPointResult p) {
        if (p.failedOps() <= 0) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "# load point %d: %d of %d ops failed (%.2f%%); see sfsres", p.index(),
                p.failedOps(), p.totalOps(), p.totalOps() > 0 ? 100.0 * p.failedOps() / p.totalOps() : 0);
    }
}
