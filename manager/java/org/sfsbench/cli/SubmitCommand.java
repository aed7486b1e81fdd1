package org.sfsbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.sfsbench.submit.Submission;
import org.sfsbench.submit.SubmissionRefused;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sfs submit}: the submission package of a run. */
@Command(name = "submit",
        mixinStandardHelpOptions = true,
        description = {
            "Build the submission package of a run.",
            "",
            "The package is sfssubmission.<suffix>.xml (system description + full",
            "result, validated against sfssubmission.xsd) and its reports",
            "submission.<suffix>.html and submission.<suffix>.txt.",
            "",
            "The description is a key = value file; start from",
            "templates/sut_description.txt (see docs/submit.md). Everything missing or",
            "inconsistent with the run is listed at once and nothing is written. A run",
            "that is not disclosable is refused unless --allow-undisclosable is given;",
            "then every file of the package says NOT DISCLOSABLE.",
        },
        footer = {
            "",
            "Examples:",
            "  sfs submit results/sfsresult.mytest.xml --description my_sut.txt",
            "  sfs submit results/sfsresult.try1.xml -D my_sut.txt -d /tmp/pkg \\",
            "      --allow-undisclosable",
        })
public final class SubmitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULT", description = "sfsresult.<suffix>.xml of the run")
    Path result;

    @Option(names = {"-D", "--description"}, required = true, paramLabel = "DESC",
            description = "System description (key = value, UTF-8)")
    Path description;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR",
            description = "Folder for the package (default: the folder of RESULT)")
    Path outDir;

    @Option(names = "--allow-undisclosable",
            description = "Build the package of a run that is not disclosable, marked as such")
    boolean allowUndisclosable;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Submission.Written w = Submission.build(result, description, outDir, allowUndisclosable);
            w.warnings().forEach(m -> err.println("sfs submit: warning: " + m));
            out.println("Submission: " + w.xml());
            out.println("Reports:    " + w.html());
            out.println("            " + w.text());
            out.flush();
            err.flush();
            return ExitCodes.OK;
        } catch (SubmissionRefused e) {
            err.println("sfs submit: nothing written; fix these " + e.problems().size() + " problem(s):");
            e.problems().forEach(p -> err.println("  - " + p));
            err.flush();
            return ExitCodes.FAILED;
        } catch (IOException e) {
            err.println("sfs submit: " + ReportCommand.messageOf(e));
            err.flush();
            return ExitCodes.FAILED;
        }
    }
}
