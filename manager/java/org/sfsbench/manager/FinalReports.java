package org.sfsbench.manager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.sfsbench.report.ResultPublisher;
import org.sfsbench.results.Headlines;
import org.sfsbench.results.VerdictText;
import org.sfsbench.results.model.RunResult;

/** The end-of-run outputs: sfsres, the XML/JSON results and the HTML report; the console summary. */
final class FinalReports {
    private FinalReports() {
    }

    static void write(RunResult result, RunOutputs out, Progress progress) throws IOException {
        long started = System.nanoTime();
        ResultPublisher.Published p = out.writeDocuments(result);
        out.log(String.format(java.util.Locale.ROOT, "results written in %.2f s: ",
                (System.nanoTime() - started) / 1e9) + p.xml().getFileName() + ", " + p.json().getFileName() + ", "
                + p.html().getFileName());
        progress.println("  results: " + out.file("sfssum") + ", " + p.xml() + ", " + p.html());
    }

    /** The run's headline as the console ends with it: the workload's verdict, or SFS's metric. */
    static String headline(RunResult result) {
        if (result.headline() != null && !result.headline().sfs2008()) {
            return String.join("\n", VerdictText.lines(result));
        }
        return Headlines.sfs(result);
    }

    /** The sfssum rows as written, the metric, and the verdict. */
    static void printSummary(RunResult result, RunOutputs out, Progress progress) {
        progress.println("");
        if (!result.complete()) {
            progress.println("RUN FAILED: " + result.failure());
        }
        if (result.loadPoints().isEmpty()) {
            progress.println("sfssum." + out.suffix() + ": no load point finished");
        } else {
            try {
                progress.println("sfssum." + out.suffix() + ":");
                for (String line : Files.readAllLines(out.file("sfssum"), StandardCharsets.UTF_8)) {
                    progress.println(line);
                }
            } catch (IOException e) {
                progress.println("cannot read " + out.file("sfssum") + ": " + e.getMessage());
            }
        }
        if (result.headline() != null && !result.headline().sfs2008()) {
            String note = VerdictText.unpacedNote(result);
            if (note != null) {
                progress.println(note);
            }
            VerdictText.lines(result).forEach(progress::println);
            return;
        }
        progress.println(Headlines.sfs(result));
        if (result.disclosable()) {
            progress.println("disclosable run");
        } else {
            progress.println("not disclosable:");
            for (String r : result.nonDisclosableReasons()) {
                progress.println("  - " + r);
            }
        }
    }
}
