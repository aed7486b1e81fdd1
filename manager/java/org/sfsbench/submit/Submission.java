package org.sfsbench.submit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.ResultInput;
import org.sfsbench.report.ResultPublisher;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.report.xml.XmlFormatException;
import org.sfsbench.submit.xml.SubmissionDocument;
import org.sfsbench.submit.xml.SubmissionXml;

/**
 * {@code sfs submit}: one validated submission file built from a result and a system description,
 * plus its HTML and text reports. Everything wrong with the inputs is reported at once.
 */
public final class Submission {
    /** The files written and the warnings to show (e.g. an undisclosable run allowed by the user). */
    public record Written(Path xml, Path html, Path text, List<String> warnings) {
    }

    private Submission() {
    }

    public static Written build(Path result, Path description, Path outDir, boolean allowUndisclosable)
            throws IOException, SubmissionRefused {
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        ResultDocument run = readResult(result, problems);
        SystemDescription desc = null;
        if (!Files.isRegularFile(description)) {
            problems.add(description + ": no such description file (start from templates/sut_description.txt)");
        } else {
            DescriptionFile file = DescriptionFile.read(description, problems);
            desc = SystemDescription.from(file, problems);
        }
        if (run != null && desc != null) {
            ConsistencyCheck.check(desc, run, description.toString(), allowUndisclosable, problems, warnings);
        }
        if (!problems.isEmpty()) {
            throw new SubmissionRefused(problems);
        }
        SubmissionDocument doc = SubmissionMapping.toDocument(desc, run, Instant.now().truncatedTo(ChronoUnit.SECONDS));
        Path dir = outDir != null ? outDir : result.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        String suffix = run.run.suffix;
        Written w = new Written(dir.resolve("sfssubmission." + suffix + ".xml"),
                dir.resolve("submission." + suffix + ".html"), dir.resolve("submission." + suffix + ".txt"),
                warnings);
        SubmissionXml.write(doc, w.xml());
        ResultPublisher.writeText(w.html(), HtmlReport.render(run, "sfsbench submission " + suffix + ": "
                + desc.vendor() + " " + desc.model(), SubmissionReports.descriptionHtml(doc)));
        ResultPublisher.writeText(w.text(), SubmissionReports.text(doc));
        return w;
    }

    private static ResultDocument readResult(Path result, List<String> problems) throws IOException {
        if (!Files.isRegularFile(result)) {
            problems.add(result + ": no such result file");
            return null;
        }
        if (!ResultInput.isXml(result)) {
            problems.add(result + ": this is not a result XML (an sfssum file?); a submission needs the full"
                    + " result sfsresult.<suffix>.xml written by 'sfs run'");
            return null;
        }
        try {
            return ResultXml.read(result);
        } catch (XmlFormatException e) {
            problems.add(e.getMessage());
            return null;
        }
    }
}
