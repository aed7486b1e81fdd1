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
        out.flush();
        channel.force(false);
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
