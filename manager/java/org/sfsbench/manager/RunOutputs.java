package org.sfsbench.manager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.sfsbench.results.SfsLog;
import org.sfsbench.results.SfsresWriter;
import org.sfsbench.results.SfssumWriter;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * The result files of one run, named {@code <kind>.<suffix>} in the results folder. Everything
 * is written as it happens (rows appended and flushed), so a run that dies keeps every finished
 * load point.
 */
public final class RunOutputs implements ResultSink {
    private final Path dir;
    private final String suffix;
    private final SfssumWriter sfssum;
    private final SfsLog sfslog;
    private final List<LoadPointResult> points = new ArrayList<>();
    private Supplier<RunResult> partialResult;

    private RunOutputs(Path dir, String suffix) throws IOException {
        this.dir = dir;
        this.suffix = suffix;
        this.sfssum = SfssumWriter.create(file("sfssum"));
        this.sfslog = new SfsLog(file("sfslog"));
    }

    /** How to build the run's result so far; sfsres is rewritten from it after every point. */
    public void setPartialResult(Supplier<RunResult> partial) {
        this.partialResult = partial;
    }

    public SfsLog sfslog() {
        return sfslog;
    }

    /**
     * Opens the files of a new run. Refuses to overwrite an earlier run's results (suffixes are
     * the user's names for runs).
     */
    public static RunOutputs create(Path dir, String suffix) throws IOException {
        Files.createDirectories(dir);
        for (String kind : new String[] {"sfssum", "sfslog", "sfsres"}) {
            Path p = dir.resolve(kind + "." + suffix);
            if (Files.exists(p)) {
                throw new IOException(p + " already exists: choose another suffix with -s, or move the old results away");
            }
        }
        if (!Files.isWritable(dir)) {
            throw new IOException("results folder " + dir + " is not writable");
        }
        return new RunOutputs(dir, suffix);
    }

    public Path file(String kind) {
        return dir.resolve(kind + "." + suffix);
    }

    public Path dir() {
        return dir;
    }

    public String suffix() {
        return suffix;
    }

    public synchronized List<LoadPointResult> points() {
        return new ArrayList<>(points);
    }

    @Override
    public void log(String line) {
        sfslog.info(line);
    }

    @Override
    public void interval(int point, IntervalPoint interval) {
        sfslog.interval(point, interval);
    }

    @Override
    public synchronized void pointFinished(LoadPointResult point) {
        points.add(point);
        try {
            sfssum.write(point);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file("sfssum"), e);
        }
        sfslog.loadPointDone(point);
        if (partialResult != null) {
            writeSfsres(partialResult.get());
        }
    }

    /** Rewrites sfsres from {@code run} (atomically: a reader never sees half a file). */
    public void writeSfsres(RunResult run) {
        try {
            SfsresWriter.write(file("sfsres"), run);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file("sfsres"), e);
        }
    }

    /** Writes a client's collected log as {@code sfscNNNN.<suffix>}. */
    public void clientLog(int clientNumber, String text) throws IOException {
        Files.writeString(dir.resolve(String.format("sfsc%04d.%s", clientNumber, suffix)), text, StandardCharsets.UTF_8);
    }

    public void close() throws IOException {
        sfssum.close();
        sfslog.close();
    }
}
