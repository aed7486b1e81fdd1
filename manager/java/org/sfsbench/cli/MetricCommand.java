package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.sfsbench.report.ResultInput;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.results.Headlines;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.SfssumRow;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sfs metric SFSSUM...}: peak throughput and overall response time of sfssum files. */
@Command(name = "metric",
        mixinStandardHelpOptions = true,
        description = {
            "Compute the SPECsfs2008 metric of results.",
            "",
            "Works on sfsbench's and SPECsfs2008's own sfssum files and on sfsbench's",
            "sfsresult.<suffix>.xml or .json: the peak throughput among points at most",
            "20 msec/op, and the overall response time (area under the response-time",
            "curve from the origin, divided by the peak), plus the figure without the",
            "origin. Uses the sfssum (rounded) columns; see docs/results.md."
        },
        footer = {"", "Examples:", "  sfs metric results/sfssum.mytest", "  sfs metric results/sfsresult.mytest.xml"})
public final class MetricCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RESULT",
            description = "sfssum file(s), or sfsresult.<suffix>.xml or .json")
    List<Path> files;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            for (Path f : files) {
                if (Files.isDirectory(f)) {
                    out.flush();
                    err.println(ReportCommand.folderGiven("metric", f));
                    err.flush();
                    return ExitCodes.USAGE;
                }
                out.print(metricText(f));
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException | IllegalArgumentException e) {
            out.flush();
            err.println("sfs metric: " + ReportCommand.messageOf(e));
            err.flush();
            return ExitCodes.FAILED;
        }
    }

    /** The text printed for one file. */
    public static String metricText(Path file) throws IOException {
        // the rows sfssum prints, also of a result document: one metric from either file
        RunResult run = ResultInput.loadRun(file);
        List<SfssumRow> rows = run.loadPoints().stream().map(TextReport::row).toList();
        List<LoadPointResult> points = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            points.add(rows.get(i).toLoadPoint(i + 1));
        }
        Metrics m = Metrics.compute(points);
        StringBuilder b = new StringBuilder(file + ": " + rows.size() + " load points\n");
        if (!run.complete()) {
            b.append("  RUN INCOMPLETE, from the points it finished: ")
                    .append(run.failure() == null ? "cause not recorded" : run.failure()).append('\n');
        }
        if (m.peakIndex() < 0) {
            return b.append("  no load point at or below ").append(Metrics.RESPONSE_LIMIT_MS)
                    .append(" msec/op: no metric\n").toString();
        }
        String protocol = rows.get(m.peakIndex() - 1).protocol();
        b.append("  ").append(Headlines.metricLine(protocol, m.peakThroughput(), m.overallResponseTimeMs(), ""))
                .append(System.lineSeparator());
        b.append(String.format(Locale.ROOT, "  peak at point %d (%.1f msec/op); without the origin: %.2f msec%n",
                m.peakIndex(), m.peakMsecPerOp(), m.overallResponseTimeNoOriginMs()));
        for (LoadPointResult p : points) {
            if (!m.curve().contains(p)) {
                b.append(String.format(Locale.ROOT, "  point %d (%.0f ops/s, %.1f msec/op) is not on the curve%n",
                        p.index(), p.achievedOpsPerSec(), p.msecPerOp()));
            }
        }
        return b.toString();
    }
}
