package org.sfsbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code sfs} command line: one subcommand per job. */
@Command(name = "sfs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionCommand.Provider.class,
        description = {
            "sfsbench: measure how many file operations per second an NFSv3, SMB2/3 or POSIX",
            "file server sustains, and at what response time (SPECsfs2008-style load points).",
            "",
            "Typical session:",
            "  sfs plan -r templates/sfs_posix_rc        check an rc file, print the load points",
            "  sfs run  -r sfs_rc -s mytest              run the benchmark, results in results/",
            "  sfs report results/sfsresult.mytest.xml   HTML + text report with curves",
            "  sfs submit results/sfsresult.mytest.xml -d my_sut.txt   submission package"
        },
        subcommands = {
            CommandLine.HelpCommand.class,
            VersionCommand.class,
            RunCommand.class,
            PlanCommand.class,
            MetricCommand.class,
            InstallCommand.class,
            AgentCommand.class,
            WorkerCommand.class,
            ReportCommand.class,
            SubmitCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Builds the command line; tests use this to run commands in-process. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setUsageHelpWidth(110);
        return cl;
    }

    public static void main(String[] args) {
        int rc = commandLine().execute(args);
        System.exit(rc);
    }
}
