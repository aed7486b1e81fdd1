package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.sfsbench.report.ResultPublisher;
import org.sfsbench.results.ResultFiles;
import org.sfsbench.results.SfsLog;
import org.sfsbench.results.SfsresWriter;
import org.sfsbench.results.SfssumWriter;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/**
 * The result files of one run, named {@code <kind>.<suffix>} in the results folder. Everything
 * is written as it happens: after every finished load point sfssum and every result document
 * (sfsres, XML, JSON, HTML) are rewritten whole through {@link ResultFiles}, the documents marked
 * incomplete until the run ends, so a manager killed at any moment leaves valid files with every
 * finished point. A file that cannot be written ends the run ({@link ResultWriteException}).
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

    /** How to build the run's result so far (marked incomplete); the documents are rewritten from it after every point. */
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
            sfslog.loadPointDone(point);
            if (sfslog.failure() != null) {
                throw new ResultWriteException(sfslog.failure());
            }
            if (partialResult != null) {
                writeDocuments(partialResult.get());
            }
        } catch (IOException e) {
            throw new ResultWriteException(e.getMessage());
        }
    }

    /** Rewrites sfsres, the XML, the JSON and the HTML report from {@code run}, each atomically. */
    public ResultPublisher.Published writeDocuments(RunResult run) throws IOException {
        SfsresWriter.write(file("sfsres"), run);
        return ResultPublisher.writeAll(run, dir, suffix);
    }

    /** Writes a client's collected log as {@code sfscNNNN.<suffix>}. */
    public void clientLog(int clientNumber, String text) throws IOException {
        ResultFiles.write(dir.resolve(String.format("sfsc%04d.%s", clientNumber, suffix)), text);
    }

    public void close() throws IOException {
        sfslog.close();
    }
}
