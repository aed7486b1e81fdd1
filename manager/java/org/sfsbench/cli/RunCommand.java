package org.sfsbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.sfsbench.live.LiveAddress;
import org.sfsbench.live.LiveListener;
import org.sfsbench.live.LiveRun;
import org.sfsbench.manager.Progress;
import org.sfsbench.manager.RunSession;
import org.sfsbench.manager.PlanChecks;
import org.sfsbench.manager.ValidationRun;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.report.ResultPublisher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sfs run} and the guide's {@code java SfsManager -r sfs_rc -s suffix [-v 2]}. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {
            "Run the benchmark of an rc file, or validate a server.",
            "",
            "For every load point all clients build the file set (INIT), warm up",
            "(WARMUP_TIME) and measure (RUNTIME) together. In the results folder",
            "sfslog.SUFFIX and sfscNNNN.SUFFIX (client logs) grow as the run goes;",
            "sfssum.SUFFIX (one row per load point), sfsres.SUFFIX,",
            "sfsresult.SUFFIX.xml/.json and report.SUFFIX.html are written again",
            "after every finished point, marked incomplete until the run ends. With",
            "-v the server is validated instead (sfsval.SUFFIX).",
        },
        footer = {
            "",
            "Examples:",
            "  sfs run -r templates/sfs_posix_rc -s first",
            "      a short local run (edit MNT_POINTS first)",
            "  sfs run -r sfs_rc -s junk -v 2",
            "      validate the server, as in the guide (4.3.1)",
            "  cd manager && java SfsManager -r sfs_rc -s junk",
            "      the same from an installed tree",
        })
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;


    @Option(names = {"-r", "--rc"}, required = true, paramLabel = "RC",
            description = "The rc file (see docs/rc-reference.md).")
    Path rcFile;

    @Option(names = {"-s", "--suffix"}, paramLabel = "SUFFIX",
            description = "Suffix of the result files (default: date and time).")
    String suffix;

    @Option(names = {"-v", "--validate"}, paramLabel = "LEVEL",
            description = "Validate the server at this level (1 or 2) instead of running.")
    Integer validateLevel;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR",
            description = "Results folder (default: WORK_DIR of the rc file, else"
                    + " SFS_HOME/results).")
    Path resultsDir;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "Live progress: auto, terminal (one line rewritten), plain (a line"
                    + " per interval) or json (one JSON object per line). Default: ${DEFAULT-VALUE}.")
    String progressMode;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "10",
            description = "Seconds between plain or json progress lines (default: ${DEFAULT-VALUE}).")
    int progressInterval;

    @Option(names = "--live", paramLabel = "[ADDR:]PORT",
            description = "Serve the live page and /metrics (OpenMetrics) here; loopback unless ADDR says"
                    + " otherwise, and then only with the token printed at the start. Overrides the rc's LIVE"
                    + " (docs/live.md).")
    String live;

    @Option(names = "--live-file", paramLabel = "PATH",
            description = "Write the live samples to PATH as JSON lines (docs/live.md).")
    Path liveFile;

    @Override
    public Integer call() {
        RunConfig rc;
        try {
            rc = RcParser.parse(rcFile);
        } catch (RcException e) {
            System.err.println("sfs run: " + e.getMessage());
            System.err.println("sfs run: nothing was started and no result file was written.");
            return ExitCodes.USAGE;
        }
        String sfx = suffix != null ? suffix : LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        if (!ResultPublisher.isValidSuffix(sfx)) {
            System.err.println("sfs run: -s " + sfx + ": a suffix may contain only letters, digits, '.', '_' and '-' (up to 100)");
            return ExitCodes.USAGE;
        }
        if (validateLevel != null && (validateLevel < 1 || validateLevel > 2)) {
            System.err.println("sfs run: -v " + validateLevel + ": validation levels are 1 and 2");
            return ExitCodes.USAGE;
        }
        Progress.Mode mode;
        try {
            mode = Progress.Mode.valueOf(progressMode.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            System.err.println("sfs run: --progress " + progressMode + ": choose auto, terminal, plain or json");
            return ExitCodes.USAGE;
        }
        if (progressInterval < 1) {
            System.err.println("sfs run: --interval " + progressInterval + ": at least 1 second");
            return ExitCodes.USAGE;
        }
        Path dir = resultsDir != null ? resultsDir : rc.resultsDir();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            System.err.println("sfs run: -d " + dir + ": is a file; the results folder must be a folder"
                    + " (it is created if missing)");
            return ExitCodes.USAGE;
        }
        RunPlan plan = RunPlan.from(rc);
        List<String> planWarnings;
        try {
            planWarnings = PlanChecks.check(rc, plan);
        } catch (RcException e) {
            System.err.println("sfs run: " + e.getMessage());
            System.err.println("sfs run: nothing was started and no result file was written.");
            return ExitCodes.USAGE;
        }
        // the terminal's width as the help measures it (stty), 80 when it cannot be measured
        Progress progress = Progress.forConsole(mode, progressInterval, spec.usageMessage().width());
        for (String w : rc.warnings()) {
            progress.println("warning: " + w);
        }
        for (String w : planWarnings) {
            progress.println("warning: " + w);
        }
        if (validateLevel != null) {
            if (live != null || liveFile != null) {
                System.err.println("sfs run: --live and --live-file watch a run; -v validates and has nothing to show");
                return ExitCodes.USAGE;
            }
            if (rc.live() != null || rc.serverMon() != null) {
                progress.println("note: LIVE and SERVER_MON are for runs; validation (-v) does not use them");
            }
            return new ValidationRun(rc, plan, dir, sfx, validateLevel).run();
        }
        String liveAt = live != null ? live : rc.live();
        LiveAddress address;
        try {
            address = liveAt == null ? null : LiveAddress.parse(liveAt);
        } catch (IllegalArgumentException e) {
            System.err.println("sfs run: --live " + e.getMessage());
            return ExitCodes.USAGE;
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            System.err.println("sfs run: results folder " + dir + ": " + ReportCommand.messageOf(e));
            return ExitCodes.USAGE;
        }
        LiveRun liveRun = null;
        RunSession session;
        try {
            if (address != null || liveFile != null) {
                liveRun = LiveRun.start(address, liveFile, progress::println);
            }
            session = RunSession.open(rc, plan, dir, sfx, progress, liveRun == null ? LiveListener.NONE : liveRun);
        } catch (IOException e) {
            if (liveRun != null) {
                liveRun.close();
            }
            System.err.println("sfs run: " + ReportCommand.messageOf(e));
            return ExitCodes.USAGE;
        }
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            session.requestAbort("interrupted by the user (Ctrl-C / SIGTERM on the manager)");
            try {
                finished.await(25, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "sfs-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return session.run();
        } finally {
            if (liveRun != null) {
                liveRun.close();
            }
            finished.countDown();
        }
    }
}
