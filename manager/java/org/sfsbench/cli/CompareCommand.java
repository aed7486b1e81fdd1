package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.sfsbench.compare.CompareHtml;
import org.sfsbench.compare.CompareJson;
import org.sfsbench.compare.CompareText;
import org.sfsbench.compare.Comparison;
import org.sfsbench.compare.Gate;
import org.sfsbench.compare.LoadedRun;
import org.sfsbench.report.ResultPublisher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sfs compare}: runs side by side, each change judged against the noise. */
@Command(name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Compare results, each change judged faster, slower or within noise.",
            "",
            "Aligns the points of two or more results (by requested load, by step, by",
            "simulated clients) and prints, per aligned point, ops/s, MB/s, mean and p99",
            "response time and client CPU per op of each run against the first (the",
            "baseline): the change in %% and a verdict, faster, slower or within noise, from",
            "Welch's t test on the points' trials (TRIALS > 1) or on batch means of their",
            "intervals (docs/compare.md).",
            "",
            "RESULT is an sfsresult.<suffix>.xml or .json, or an sfssum file (which has no",
            "intervals: its figures get no noise estimate). Results of a different workload,",
            "protocol, op mix, client count or file set size are refused, each difference",
            "named, unless --force.",
        },
        footer = {
            "",
            "Examples:",
            "  sfs compare results/sfsresult.base.xml results/sfsresult.new.xml",
            "      the table on stdout",
            "  sfs compare base.xml tuned.xml firmware2.xml --html cmp.html",
            "      three runs, curves overlaid in cmp.html",
            "  sfs compare base.xml new.xml --fail-if \"ops/s < -5%% or p99 > +10%%\"",
            "      exit status 4 when a point is slower beyond both the threshold and the noise",
        })
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "RESULT", description = "Results to compare, the baseline first")
    List<Path> inputs;

    @Option(names = "--json", description = "Print the comparison as JSON instead of the table")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison page (curves overlaid)")
    Path html;

    @Option(names = "--force", description = "Compare results that measured different things (differences named)")
    boolean force;

    @Option(names = "--confidence", paramLabel = "C", defaultValue = "0.95",
            description = "Confidence of the test, 0.5..0.999 (default: ${DEFAULT-VALUE})")
    double confidence;

    @Option(names = "--fail-if", paramLabel = "EXPR",
            description = "Exit with status 4 when a change passes EXPR beyond the noise, e.g. \"ops/s < -5%% or p99 > +10%%\""
                    + " (metrics: ops/s, MB/s, mean, p99, cpu/op)")
    String failIf;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(confidence >= 0.5 && confidence <= 0.999)) {
            err.println("sfs compare: --confidence " + confidence + " is outside 0.5..0.999");
            return ExitCodes.USAGE;
        }
        Gate gate;
        try {
            gate = failIf == null ? null : Gate.parse(failIf);
        } catch (IllegalArgumentException e) {
            err.println("sfs compare: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                err.println(ReportCommand.folderGiven("compare", p));
                return ExitCodes.USAGE;
            }
        }
        List<LoadedRun> runs;
        Comparison c;
        try {
            runs = LoadedRun.readAll(inputs);
            c = Comparison.of(runs, confidence, force);
        } catch (IOException | IllegalArgumentException e) {
            err.println("sfs compare: " + ReportCommand.messageOf(e));
            return ExitCodes.FAILED;
        } catch (Comparison.IncomparableException e) {
            err.println("sfs compare: " + e.getMessage());
            return ExitCodes.INCOMPARABLE;
        }
        List<String> trips = gate == null ? null : gate.trips(c);
        try {
            if (json) {
                out.println(CompareJson.render(c, trips));
            } else {
                out.print(CompareText.render(c, runs, Main.width(spec)));
            }
            if (html != null) {
                Path parent = html.toAbsolutePath().getParent();
                Files.createDirectories(parent);
                ResultPublisher.writeText(html, CompareHtml.render(c, runs));
                if (!json) {
                    out.println("HTML comparison: " + html);
                }
            }
        } catch (IOException e) {
            err.println("sfs compare: cannot write: " + ReportCommand.messageOf(e));
            return ExitCodes.FAILED;
        }
        out.flush();
        if (trips != null && !trips.isEmpty()) {
            err.println("sfs compare: regression gate \"" + gate + "\" tripped:");
            trips.forEach(t -> err.println("  " + t));
            err.flush();
            return ExitCodes.REGRESSION;
        }
        return ExitCodes.OK;
    }
}
