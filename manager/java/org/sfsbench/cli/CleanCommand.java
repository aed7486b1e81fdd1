package org.sfsbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.manager.EngineConfigs;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.ProcPlan;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sfs clean -r RC}: remove the file sets runs left on the rc file's mount points. */
@Command(name = "clean",
        mixinStandardHelpOptions = true,
        description = {
            "Remove the file sets runs left on the mount points of an rc file.",
            "",
            "Every run builds its file set in sfs_SUFFIX/ under each mount point and",
            "leaves it there. This removes every sfs_* folder (or the one of -s)",
            "directly under each mount point, through the rc file's FS_PROTOCOL",
            "(posix, nfs3 or smb, with its credentials), and says what it removed",
            "and how much. Other names are not touched. It runs on this host: posix",
            "mount points of other client hosts must be cleaned there.",
        },
        footer = {
            "",
            "Examples:",
            "  sfs clean -r sfs_rc -n",
            "      list the file sets under the mount points, remove nothing",
            "  sfs clean -r sfs_rc -s first",
            "      remove sfs_first/ (left by sfs run -s first)",
            "  sfs clean -r sfs_rc",
            "      remove every sfs_* folder",
        })
public final class CleanCommand implements Callable<Integer> {

    @Option(names = {"-r", "--rc"}, required = true, paramLabel = "RC",
            description = "The rc file whose mount points are cleaned.")
    Path rcFile;

    @Option(names = {"-s", "--suffix"}, paramLabel = "SUFFIX",
            description = "Only the file set of the run with this suffix (default: all).")
    String suffix;

    @Option(names = {"-n", "--dry-run"},
            description = "List the file sets and their sizes; remove nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunConfig rc;
        try {
            rc = RcParser.parse(rcFile);
        } catch (RcException e) {
            err.println("sfs clean: " + e.getMessage());
            err.println("sfs clean: nothing was removed.");
            err.flush();
            return ExitCodes.USAGE;
        }
        String pattern = suffix == null ? EngineConfigs.ROOT_PREFIX + "*" : EngineConfigs.rootFolder(suffix);
        EngineConfig config = config(rc);
        int targets = Integer.parseInt(config.get("procs"));
        Engine.Cleanup result = Engine.clean(config.render(), pattern, dryRun);
        if (result.failures() < 0) {
            err.println("sfs clean: " + result.message());
            err.flush();
            return ExitCodes.FAILED;
        }
        out.println("sfs clean: " + pattern + " under " + targets + " mount point"
                + (targets == 1 ? "" : "s") + " (" + rc.fsProtocol().rcName() + ")"
                + (dryRun ? ", dry run" : ""));
        long sets = 0;
        long files = 0;
        long dirs = 0;
        long bytes = 0;
        for (Engine.CleanedFolder f : result.folders()) {
            String sep = f.target().startsWith("\\\\") ? "\\" : "/";   // an SMB UNC path
            String where = f.name() == null ? f.target() : f.target() + sep + f.name();
            if (f.error() != null) {
                out.println("  " + where);
                out.println("      failed: " + f.error());
            } else {
                out.println("  " + where);
                out.println("      " + (dryRun ? "holds " : "removed ") + amount(f.files(), f.dirs(), f.bytes()));
            }
            if (f.name() != null) {
                sets++;
                files += f.files();
                dirs += f.dirs();
                bytes += f.bytes();
            }
        }
        if (sets == 0 && result.failures() == 0) {
            out.println("no " + pattern + " folder: nothing to remove");
        } else if (sets > 0) {
            out.println((dryRun ? "found " : "removed ") + sets + " file set" + (sets == 1 ? "" : "s") + ": "
                    + amount(files, dirs, bytes) + (dryRun ? "; nothing removed (--dry-run)" : ""));
        }
        out.flush();
        if (result.failures() > 0) {
            err.println("sfs clean: " + result.failures() + " folder" + (result.failures() == 1 ? "" : "s")
                    + " or mount point" + (result.failures() == 1 ? "" : "s") + " failed (above)");
            err.flush();
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    /**
     * The engine configuration of the rc file's protocol and credentials with every distinct mount
     * point of every client and load point as a target.
     */
    static EngineConfig config(RunConfig rc) {
        RunPlan plan = RunPlan.from(rc);
        Set<String> mounts = new LinkedHashSet<>();
        for (LoadPoint p : plan.points()) {
            for (ClientPlan c : p.clients()) {
                for (ProcPlan proc : c.procs()) {
                    mounts.add(proc.mountPoint().text());
                }
            }
        }
        LoadPoint first = plan.points().get(0);
        EngineConfig config = EngineConfigs.forClient(rc, first, first.clients().get(0), 0, "clean");
        for (int i = 0; i < first.clients().get(0).procs().size(); i++) {
            config.remove("target." + i);
        }
        config.remove("debug").remove("log");
        int i = 0;
        for (String m : mounts) {
            config.set("target." + i++, m);
        }
        config.set("procs", mounts.size());
        config.set("proc_first", 0);
        return config;
    }

    /** "1,204 files, 52 folders, 7.0 MiB". */
    static String amount(long files, long dirs, long bytes) {
        return String.format(Locale.ROOT, "%,d file%s, %,d folder%s, %s", files, files == 1 ? "" : "s",
                dirs, dirs == 1 ? "" : "s", bytes(bytes));
    }

    private static String bytes(long b) {
        if (b < 1024) {
            return b + " bytes";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = b / 1024.0;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
