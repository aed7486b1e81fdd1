package org.sfsbench.results;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sfsbench.results.model.LoadPointResult;

/**
 * Writes sfssum.&lt;suffix&gt; one row at a time, as each load point finishes, and forces it to
 * disk, so a crash later in the run keeps every finished point.
 */
public final class SfssumWriter implements Closeable {
    private final FileChannel channel;
    private final Writer out;

    private SfssumWriter(FileChannel channel) {
        this.channel = channel;
        this.out = Channels.newWriter(channel, StandardCharsets.UTF_8);
    }

    /** Starts a new file (an existing one is replaced). */
    public static SfssumWriter create(Path file) throws IOException {
        return new SfssumWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING));
    }

    /** Continues an existing file (created if missing). */
    public static SfssumWriter append(Path file) throws IOException {
        return new SfssumWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND));
    }

    /** Appends the row of {@code point} and forces it to disk. */
    public synchronized void write(LoadPointResult point) throws IOException {
        out.write(SfssumFile.format(SfssumRow.of(point)));
        out.write('\n');
        String mark = failureMark(point);
        if (mark != null) {
            out.write(mark);
            out.write('\n');
        }
        out.flush();
        channel.force(false);
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

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
