package org.sfsbench.manager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;

import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.model.RunResult;

/** The end-of-run outputs: sfsres, the XML/JSON results and the HTML report; the console summary. */
final class FinalReports {
    private FinalReports() {
    }

    static void write(RunResult result, RunConfig rc, RunOutputs out) throws IOException {
        // XML, JSON and the HTML report are added by the report package
    }

    /** The sfssum rows as written, the metric, and the verdict. */
    static void printSummary(RunResult result, RunOutputs out, Progress progress) {
        try {
            progress.println("");
            progress.println("sfssum." + out.suffix() + ":");
            for (String line : Files.readAllLines(out.file("sfssum"), StandardCharsets.UTF_8)) {
                progress.println(line);
            }
        } catch (IOException e) {
            progress.println("cannot read " + out.file("sfssum") + ": " + e.getMessage());
        }
        if (!result.getLoadPoints().isEmpty()) {
            progress.println(String.format(Locale.ROOT, "%s %.0f ops/sec (Overall Response Time = %.2f msec)",
                    result.getProtocol(), result.getPeakThroughput(), result.getOverallResponseTimeMs()));
        }
        progress.println(result.isDisclosable() ? "disclosable run"
                : "not disclosable: " + String.join("; ", result.getNonDisclosableReasons()));
    }
}
