package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.sfsbench.report.ResultInput;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.report.ResultPublisher;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.ResultDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sfs report}: the HTML page and the text report of a finished run. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Report a result: an HTML page with curves and a text summary.",
            "",
            "Writes the HTML report of a result (report.<suffix>.html: curves as inline",
            "SVG, opens offline) and prints a text report: the sfssum rows, the headline",
            "(an SFS run: peak throughput and overall response time), the verdict and,",
            "for a full result, per-op figures of the peak point.",
            "",
            "RESULT is an sfsresult.<suffix>.xml or .json written by 'sfs run', or an",
            "sfssum file (ours or SPECsfs2008's own). From an sfssum file only the table and",
            "the curve can be shown; it is never disclosable, since the run rules need",
            "the full result.",
        },
        footer = {
            "",
            "Examples:",
            "  sfs report results/sfsresult.mytest.xml",
            "      HTML beside the result, text report on stdout",
            "  sfs report results/sfssum.mytest -d /tmp/web",
            "      HTML of an sfssum file into /tmp/web",
            "  sfs report old/sfssum.junk > junk.txt",
            "      text report of a SPECsfs2008 run",
        })
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULT",
            description = "sfsresult.<suffix>.xml or .json, or an sfssum file")
    Path input;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR",
            description = "Folder for report.<suffix>.html (default: the folder of RESULT)")
    Path outDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (Files.isDirectory(input)) {
            err.println(folderGiven("report", input));
            err.flush();
            return ExitCodes.USAGE;
        }
        ResultDocument doc;
        try {
            doc = ResultInput.load(input);
        } catch (IOException | IllegalArgumentException e) {
            err.println("sfs report: " + messageOf(e));
            return ExitCodes.FAILED;
        }
        Path dir = outDir != null ? outDir : input.toAbsolutePath().getParent();
        Path html = dir.resolve(ResultPublisher.htmlName(doc.run.suffix));
        try {
            Files.createDirectories(dir);
            ResultPublisher.writeText(html, HtmlReport.render(doc));
        } catch (IOException e) {
            err.println("sfs report: cannot write " + html + ": " + messageOf(e));
            return ExitCodes.FAILED;
        }
        out.print(TextReport.render(ResultMapping.toRunResult(doc), Main.width(spec)));
        out.println();
        out.println("HTML report: " + html);
        out.flush();
        return ExitCodes.OK;
    }

    /** A results folder given where a result file is wanted: the command for its latest run. */
    static String folderGiven(String command, Path dir) {
        return "sfs " + command + ": " + dir + ": is a folder; " + ResultInput.latestIn(dir)
                .map(f -> "its latest run is " + f + ":\n  sfs " + command + " " + f)
                .orElse("it holds no sfsresult.<suffix>.xml");
    }

    /** An input's problem in words: a missing file is "no such file", not the bare path. */
    static String messageOf(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return n.getFile() + ": no such file";
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
