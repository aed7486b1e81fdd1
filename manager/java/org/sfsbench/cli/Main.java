package org.sfsbench.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.sfsbench.rc.EditDistance;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The {@code sfs} command line: one subcommand per job. */
@Command(name = "sfs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionCommand.Provider.class,
        description = {
            "Measure how many file operations per second an NFSv3, SMB2/3 or POSIX file",
            "server sustains, and at what response time (SPECsfs2008-style load points).",
            "",
            "Typical session:",
            "  sfs plan -r templates/sfs_posix_rc       check an rc file, print the plan",
            "  sfs run -r sfs_rc -s mytest              run it; results in results/",
            "  sfs report results/sfsresult.mytest.xml  HTML + text report",
            "  sfs clean -r sfs_rc -s mytest            remove the run's file set",
            "  sfs submit results/sfsresult.mytest.xml -D my_sut.txt",
            "                                           submission package"
        },
        subcommands = {
            CommandLine.HelpCommand.class,
            VersionCommand.class,
            RunCommand.class,
            PlanCommand.class,
            CleanCommand.class,
            MetricCommand.class,
            InstallCommand.class,
            AgentCommand.class,
            WorkerCommand.class,
            ServerMonCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            SubmitCommand.class,
            CaptureCommand.class,
        })
public final class Main implements Runnable {
    /** Help and messages fit this width, or the terminal's when it is wider. */
    static final int MIN_WIDTH = 80;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The width text a command prints is reflowed to: the help's, never below {@link #MIN_WIDTH}. */
    static int width(CommandSpec command) {
        return Math.max(MIN_WIDTH, command.usageMessage().width());
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds the command line; tests use this to run commands in-process. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setUsageHelpWidth(MIN_WIDTH);
        cl.setUsageHelpAutoWidth(true);
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            // the cause first; the trace after it is for a bug report
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": internal error: " + e);
            e.printStackTrace(cmd.getErr());
            cmd.getErr().flush();
            return ExitCodes.FAILED;
        });
        cl.setExecutionStrategy(Main::refuseUnmatched);
        applyToAll(cl);
        return cl;
    }

    /**
     * Runs the parsed command, unless words were left over: with --help picocli prints the help of
     * the command it knows instead of refusing {@code sfs rnu --help}; that is a usage error too.
     */
    private static int refuseUnmatched(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (!p.unmatched().isEmpty()) {
                throw new UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** Every command gets --version and the one exit-status table. */
    private static void applyToAll(CommandLine cl) {
        CommandSpec s = cl.getCommandSpec();
        s.versionProvider(new VersionCommand.Provider());
        s.usageMessage().exitCodeListHeading("%nExit status:%n").exitCodeList(ExitCodes.table());
        if (s.usageMessage().parameterListHeading().isEmpty()) {
            s.usageMessage().parameterListHeading("%nArguments:%n");
        }
        if (s.usageMessage().optionListHeading().isEmpty()) {
            s.usageMessage().optionListHeading("%nOptions:%n");
        }
        if (s.usageMessage().commandListHeading().equals("Commands:%n")) {
            s.usageMessage().commandListHeading("%nCommands:%n");
        }
        // the exit status closes the page, after the examples
        List<String> keys = new ArrayList<>(cl.getHelpSectionKeys());
        keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING);
        keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);
        keys.add(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING);
        keys.add(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);
        cl.setHelpSectionKeys(keys);
        for (CommandLine sub : cl.getSubcommands().values()) {
            applyToAll(sub);
        }
    }

    /**
     * A wrong command line: the problem, a suggestion when one fits, and where help is — not the
     * whole usage text, which buries the one line that matters.
     */
    static int usageError(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        err.println(name + ": " + ex.getMessage());
        String command = commandHint(ex, cmd);
        String rc = rcHint(cmd.getCommandSpec(), args);
        if (command != null) {
            err.println("Did you mean: " + name + " " + command + " ?");
        } else if (rc != null) {
            err.println("Did you mean: " + name + " -r " + rc + " ?");
        }
        err.println("Try '" + name + " --help' for more information.");
        err.flush();
        return ExitCodes.USAGE;
    }

    /** The subcommand closest to a mistyped one ({@code sfs rn} -> run). */
    private static String commandHint(ParameterException ex, CommandLine cmd) {
        if (!(ex instanceof UnmatchedArgumentException u) || cmd.getSubcommands().isEmpty()
                || u.getUnmatched().isEmpty()) {
            return null;
        }
        String word = u.getUnmatched().get(0);
        return word.startsWith("-") ? null : EditDistance.closest(word, cmd.getSubcommands().keySet());
    }

    /** An existing file given bare to a command that takes its rc file with -r. */
    private static String rcHint(CommandSpec spec, String[] args) {
        if (spec.findOption("-r") == null) {
            return null;
        }
        List<String> all = Arrays.asList(args);
        if (all.contains("-r") || all.contains("--rc")) {
            return null;
        }
        for (String a : all) {
            if (a.startsWith("-") || a.equals(spec.name())) {
                continue;
            }
            try {
                if (Files.isRegularFile(Path.of(a))) {
                    return a;
                }
            } catch (InvalidPathException e) {
                // not a path: no hint
            }
        }
        return null;
    }

    /** COLUMNS from the environment when it is a usable width, else 0. */
    static int columns(String value) {
        if (value == null || !value.strip().matches("\\d{2,4}")) {
            return 0;
        }
        int c = Integer.parseInt(value.strip());
        return c >= 20 ? c : 0;
    }

    /** Whether standard error is a terminal (stdout may be piped while errors still reach one). */
    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    public static void main(String[] args) {
        boolean terminal = System.console() != null;
        int w = terminal ? Math.max(MIN_WIDTH, new CommandLine.Model.UsageMessageSpec().width(MIN_WIDTH).autoWidth(true)
                .width()) : MIN_WIDTH;
        int cols = columns(System.getenv("COLUMNS"));
        Charset cs = Charset.defaultCharset();
        if (terminal || cols > 0 || stderrIsTerminal()) {
            // a terminal breaks long lines inside words: messages are broken between them, at COLUMNS,
            // else the terminal's width, else 80. Set before the command line is built: picocli's
            // handlers keep the System.err they saw.
            int ew = cols > 0 ? cols : w;
            System.setErr(new PrintStream(new ReflowingStream(new FileOutputStream(FileDescriptor.err), ew, cs), true, cs));
        }
        CommandLine cl = commandLine();
        if (terminal) {
            cl.setOut(new PrintWriter(new OutputStreamWriter(new ReflowingStream(System.out, w, cs), cs), true));
        }
        System.exit(cl.execute(args));
    }
}
