package org.sfsbench.capture;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One timestamped loadfile per client, written into a staging folder beside the output and
 * moved into place only when the whole conversion succeeded: a failed or interrupted conversion
 * leaves no loadfile behind.  They go into a folder of their own, {@link #FOLDER}, so that
 * {@code LOADFILE=<out>/loadfiles/} replays the set without meeting the profile's files.
 */
public final class ClientLoadfiles implements AutoCloseable {
    /** The output folder's sub-folder that holds the loadfiles and nothing else. */
    public static final String FOLDER = "loadfiles";
    private final Path out;
    private final Path staging;
    private final String header;
    private final Names names;
    private final Map<String, BufferedWriter> writers = new LinkedHashMap<>();
    private final Map<String, long[]> lines = new LinkedHashMap<>();
    private double start;

    /** @param header the comment lines each loadfile begins with */
    public ClientLoadfiles(Path out, String header, Names names) throws IOException {
        this.out = out.resolve(FOLDER);
        this.header = header;
        this.names = names;
        Files.createDirectories(out);
        this.staging = Files.createTempDirectory(out, ".capture-");
    }

    /** Timestamps count from here (the capture's first frame). */
    public void start(double time) {
        this.start = time;
    }

    /** The file name of a client's loadfile. */
    private String fileName(String client) {
        String c = names.anonymized() ? names.name(client) : client;
        return c.replaceAll("[^A-Za-z0-9._-]", "_") + ".load";
    }

    /** Where a client's loadfile is once committed. */
    public Path path(String client) {
        return out.resolve(fileName(client));
    }

    public void write(CapturedOp op) throws IOException {
        BufferedWriter w = writers.get(op.client());
        if (w == null) {
            w = Files.newBufferedWriter(staging.resolve(fileName(op.client())), StandardCharsets.UTF_8);
            w.write(header);
            writers.put(op.client(), w);
            lines.put(op.client(), new long[1]);
        }
        w.write(String.format(Locale.ROOT, "%.6f ", Math.max(0, op.time() - start)));
        w.write(op.body());
        w.write('\n');
        lines.get(op.client())[0]++;
    }

    /** Clients, in the order they first appeared. */
    public List<String> clients() {
        return List.copyOf(lines.keySet());
    }

    public long lines(String client) {
        return lines.get(client)[0];
    }

    /** Every loadfile complete: flushed, forced and moved into the output folder. */
    public void commit() throws IOException {
        for (BufferedWriter w : writers.values()) {
            w.close();
        }
        Files.createDirectories(out);
        for (String c : writers.keySet()) {
            Path f = staging.resolve(fileName(c));
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(f, path(c), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        }
        writers.clear();
    }

    /** Removes the staging folder and whatever it still holds. */
    @Override
    public void close() throws IOException {
        for (BufferedWriter w : writers.values()) {
            try {
                w.close();
            } catch (IOException ignored) {
                // the file is removed next
            }
        }
        try (Stream<Path> s = Files.walk(staging)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
