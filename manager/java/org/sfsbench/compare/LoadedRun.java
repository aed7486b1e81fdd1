package org.sfsbench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.sfsbench.report.ResultInput;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.results.model.RunResult;

/**
 * A result file read for comparison.
 *
 * @param name how tables and charts name the run (its suffix, or the file name when suffixes repeat)
 * @param file the file given
 * @param sfssum true for an sfssum file: only the classic columns
 * @param run the result
 */
public record LoadedRun(String name, Path file, boolean sfssum, RunResult run) {
    /** What an sfssum file cannot tell a comparison. */
    public static final String SFSSUM_LACKS = "an sfssum file has only requested and achieved ops/s and msec/op per"
            + " point: no op mix, MB/s, p99, client CPU, intervals or trials, so no noise estimate and no op-mix check";

    public static LoadedRun read(Path file) throws IOException {
        RunResult r = ResultMapping.toRunResult(ResultInput.load(file));
        return new LoadedRun(r.suffix(), file, ResultInput.isSfssum(file), r);
    }

    /** The runs of the files given, each named by its suffix, or by its file when two suffixes are equal. */
    public static List<LoadedRun> readAll(List<Path> files) throws IOException {
        List<LoadedRun> runs = new java.util.ArrayList<>();
        for (Path f : files) {
            runs.add(read(f));
        }
        long distinct = runs.stream().map(LoadedRun::name).distinct().count();
        if (distinct < runs.size()) {
            runs.replaceAll(r -> new LoadedRun(r.file().toString(), r.file(), r.sfssum(), r.run()));
        }
        return runs;
    }

}
