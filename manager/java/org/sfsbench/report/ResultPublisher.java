package org.sfsbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.ResultFiles;
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
     * Loads the XML binding, the result schema and the JSON serializers on a low-priority daemon
     * thread, so the files are written soon after the last load point: loaded cold, at the end,
     * they took about 1.5 s of every run. A failure here is left to the write, which reports it.
     */
    public static void prepareInBackground() {
        Thread t = new Thread(() -> {
            try {
                ResultXml.prepare();
                ResultJson.prepare();
            } catch (RuntimeException e) {
                // the same failure ends writeAll, with the file it concerns
            }
        }, "result-writers-load");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
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
        // the page renders on a second core while the XML and JSON are written (none changes doc)
        CompletableFuture<String> page = CompletableFuture.supplyAsync(() -> HtmlReport.render(doc));
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
        writeText(p.html(), rendered(page));
        if (xmlFailure != null) {
            throw new IOException(p.xml() + " not written (" + xmlFailure.getMessage() + "); " + p.json().getFileName()
                    + " and " + p.html().getFileName() + " were written", xmlFailure);
        }
        return p;
    }

    private static String rendered(CompletableFuture<String> page) {
        try {
            return page.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
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

    /** Writes UTF-8 text through {@link ResultFiles}: readers never see half a file. */
    public static void writeText(Path file, String text) throws IOException {
        ResultFiles.write(file, text);
    }
}
