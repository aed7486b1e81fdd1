package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.sun.nio.file.ExtendedOpenOption;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.Engine;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.LocalFolders;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RunConfig;

/**
 * What a plan can know about its targets before anything starts. Every client's engine configuration
 * of every load point goes through the engine's own sizing (which also refuses impossible sizes, such
 * as a data set smaller than one transfer, and DIRECT_IO with a workload that cannot align). For
 * posix targets on this machine: the largest point's need against the folder's free space, and
 * DIRECT_IO against the file system (tmpfs refuses O_DIRECT). Other targets are checked by each
 * engine before INIT (FSSTAT through the backend; O_DIRECT when the posix backend opens).
 */
public final class PlanChecks {
    private PlanChecks() {
    }

    /** One target's largest need: which clients, which mount point, how many bytes, counted how. */
    public record Need(String clients, String target, long bytes, String rule) {
    }

    /**
     * Refuses the plan with the engine's reason, with the numbers when a local folder is too small, or
     * naming a local folder whose file system refuses O_DIRECT; returns warnings for the console.
     */
    public static List<String> check(RunConfig rc, RunPlan plan) throws RcException {
        List<Need> largest = needs(rc, plan);
        List<String> warnings = new ArrayList<>();
        if (!rc.fsProtocol().has(EngineCatalog.CAP_LOCAL_FS)) {
            return warnings;
        }
        for (Need n : largest) {
            if (!Files.isDirectory(Path.of(n.target))) {
                continue;   // an existing file or device tested in place takes no new space
            }
            if (rc.directIo()) {
                String why = directIoProblem(n.target);
                if (why != null) {
                    throw new RcException(rc.rcFile(), 0, "DIRECT_IO", "yes", "mount point " + n.target
                            + ": " + why, "a target on a disk-backed file system, or DIRECT_IO unset");
                }
            } else {
                long mem = memTotalBytes();
                if (mem > 0 && n.bytes < mem) {
                    warnings.add("the data set on " + n.target + " (" + human(n.bytes) + ") fits in this client's "
                            + "memory (" + human(mem) + "): reads can come from its page cache, so this measures "
                            + "the client's page cache; DIRECT_IO=yes bypasses it");
                }
            }
            Long free = usableBytes(n.target);
            if (free != null && n.bytes > free) {
                throw new RcException(rc.rcFile(), 0, "MNT_POINTS", n.target,
                        "not enough space for " + n.clients + ": the data set needs " + human(n.bytes) + " ("
                                + n.rule + "), " + human(free) + " free there",
                        "less data (LOAD, PROCS, FILESET_SCALE, WORKING_SET or ACCESS_FILE_SIZE), or a target with room");
            }
        }
        return warnings;
    }

    /** The largest point's bytes per local posix target (summed over the clients sharing it). */
    static List<Need> needs(RunConfig rc, RunPlan plan) throws RcException {
        Map<String, Need> largest = new LinkedHashMap<>();
        for (LoadPoint point : plan.points()) {
            Map<String, Need> here = new LinkedHashMap<>();
            for (ClientPlan client : point.clients()) {
                String config = EngineConfigs.forClient(rc, point, client, 0, "plan").render();
                List<Engine.SpaceNeed> needs;
                try {
                    needs = Engine.space(config);
                } catch (IllegalArgumentException e) {
                    throw new RcException(rc.rcFile(), 0, null, null, "load point " + point.index() + ", client "
                            + client.name() + ": " + e.getMessage(), null);
                }
                if (!LocalFolders.isThisMachine(client.name())) {
                    continue;
                }
                for (Engine.SpaceNeed s : needs) {
                    here.merge(s.target(), new Need(client.name(), s.target(), s.bytes(), s.rule()),
                            (a, b) -> new Need(a.clients + ", " + b.clients, a.target, a.bytes + b.bytes, a.rule));
                }
            }
            here.forEach((t, n) -> largest.merge(t, n, (a, b) -> a.bytes >= b.bytes ? a : b));
        }
        return new ArrayList<>(largest.values());
    }

    /** Free bytes of the file system holding {@code path} (its nearest existing folder), or null. */
    static Long usableBytes(String path) {
        Path p = Path.of(path).toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return null;
        }
        try {
            FileStore store = Files.getFileStore(p);
            return store.getUsableSpace();
        } catch (IOException e) {
            return null;
        }
    }

    /** Why a folder's file system refuses O_DIRECT, or null when a probe file opens with it. */
    static String directIoProblem(String folder) {
        try {
            String type = Files.getFileStore(Path.of(folder)).type();
            if (type.equals("tmpfs") || type.equals("ramfs")) {
                return "a " + type + " file system keeps its files in memory: there is no page cache to bypass";
            }
        } catch (IOException e) {
            return e.getMessage();
        }
        Path probe = Path.of(folder, ".sfs_direct_io_probe");
        try {
            Files.newByteChannel(probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE, ExtendedOpenOption.DIRECT).close();
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "it refuses O_DIRECT (a probe file: " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()) + ")";
        }
    }

    /** This machine's memory (MemTotal of /proc/meminfo), 0 when unknown. */
    static long memTotalBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    static String human(long bytes) {
        String[] unit = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < unit.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, unit[u]);
    }
}
