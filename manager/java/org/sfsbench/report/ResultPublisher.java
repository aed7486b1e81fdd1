package org.sfsbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.model.RunResult;

/**
 * What the manager calls after the last load point: writes {@code sfsresult.<suffix>.xml},
 * {@code sfsresult.<suffix>.json} and {@code report.<suffix>.html} into the results folder.
 */
public final class ResultPublisher {
    /** The three files written. */
    public record Published(Path xml, Path json, Path html) {
    }

    private ResultPublisher() {
    }

    /**
     * Writes the three files for {@code run} (metrics and run-rule verdict already applied to it).
     * If the XML fails its schema, the JSON and HTML are still written and the exception says so.
     * {@code suffix} names the files; it is also stored as the run's suffix when the run has none.
     */
    public static Published writeAll(RunResult run, Path resultsDir, String suffix) throws IOException {
        if (run.suffix() == null || run.suffix().isBlank()) {
            run = run.with(b -> b.suffix = suffix);
        }
        ResultDocument doc = ResultMapping.toDocument(run);
        Files.createDirectories(resultsDir);
        Published p = new Published(resultsDir.resolve(xmlName(suffix)), resultsDir.resolve(jsonName(suffix)),
                resultsDir.resolve(htmlName(suffix)));
        // a document the schema refuses (a bug upstream) must not cost the user the other two files
        IOException xmlFailure = null;
        try {
            ResultXml.write(doc, p.xml());
        } catch (IOException e) {
            xmlFailure = e;
        }
        ResultJson.write(doc, p.json());
        writeText(p.html(), HtmlReport.render(doc));
        if (xmlFailure != null) {
            throw new IOException(p.xml() + " not written (" + xmlFailure.getMessage() + "); " + p.json().getFileName()
                    + " and " + p.html().getFileName() + " were written", xmlFailure);
        }
        return p;
    }

    /** A suffix names result files in one folder: letters, digits, '.', '_', '-', and not "." or "..". */
    public static boolean isValidSuffix(String suffix) {
        return suffix.matches("[A-Za-z0-9._-]{1,100}") && !suffix.equals(".") && !suffix.equals("..");
    }

    public static String xmlName(String suffix) {
        return "sfsresult." + suffix + ".xml";
    }

    public static String jsonName(String suffix) {
        return "sfsresult." + suffix + ".json";
    }

    public static String htmlName(String suffix) {
        return "report." + suffix + ".html";
    }

    /** Writes UTF-8 text through a temporary file, so readers never see half a file. */
    public static void writeText(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
