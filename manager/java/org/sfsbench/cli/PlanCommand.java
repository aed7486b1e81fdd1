package org.sfsbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.sfsbench.manager.PlanChecks;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sfs plan -r RC}: check an rc file and print its load points; starts nothing. */
@Command(name = "plan",
        mixinStandardHelpOptions = true,
        description = {
            "Check an rc file and print the run plan; starts nothing.",
            "",
            "The plan shows every load point with the requested ops/s, the rate of each",
            "proc, the file-set size, and the mount point of every proc. Nothing is",
            "started and nothing is written. An invalid rc file is named with its file,",
            "line, variable and value.",
        },
        footer = {"", "Example:", "  sfs plan -r templates/sfs_posix_rc"})
public final class PlanCommand implements Callable<Integer> {

    @Option(names = {"-r", "--rc"}, required = true, paramLabel = "RC",
            description = "The rc file (see docs/rc-reference.md).")
    Path rcFile;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            RunConfig rc = RcParser.parse(rcFile);
            RunPlan plan = RunPlan.from(rc);
            List<String> warnings = PlanChecks.check(rc, plan);
            out.print(PlanText.of(plan, Main.width(spec)));
            for (String w : warnings) {
                out.println("warning: " + w);
            }
            out.flush();
            return ExitCodes.OK;
        } catch (RcException e) {
            err.println("sfs plan: " + e.getMessage());
            err.flush();
            return ExitCodes.USAGE;
        }
    }

    /** Parses, checks and renders an rc file's plan at 80 columns. */
    public static String planText(Path rcFile) throws RcException {
        return PlanText.of(RunPlan.from(RcParser.parse(rcFile)));
    }
}
