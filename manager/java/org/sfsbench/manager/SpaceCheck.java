package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.Engine;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.LocalFolders;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RunConfig;

/**
 * The space a run's data will take, checked at plan time: every client's engine configuration of
 * every load point goes through the engine's own sizing (which also refuses impossible sizes, such
 * as a data set smaller than one transfer), and for posix targets on this machine the largest
 * point's need is compared with the folder's free space. Other targets are checked by each
 * engine before INIT (FSSTAT through the backend), where the agent can reach them.
 */
public final class SpaceCheck {
    private SpaceCheck() {
    }

    /** One target's largest need: which clients, which mount point, how many bytes, counted how. */
    public record Need(String clients, String target, long bytes, String rule) {
    }

    /** Refuses the plan with the engine's reason, or with the numbers when a local folder is too small. */
    public static List<Need> check(RunConfig rc, RunPlan plan) throws RcException {
        List<Need> largest = needs(rc, plan);
        if (rc.fsProtocol() != Backend.POSIX) {
            return largest;
        }
        for (Need n : largest) {
            Long free = usableBytes(n.target);
            if (free != null && n.bytes > free) {
                throw new RcException(rc.rcFile(), 0, "MNT_POINTS", n.target,
                        "not enough space for " + n.clients + ": the data set needs " + human(n.bytes) + " ("
                                + n.rule + "), " + human(free) + " free there",
                        "a smaller LOAD, PROCS or FILESET_SCALE (or WORKING_SET), or a target with room");
            }
        }
        return largest;
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
