package org.sfsbench.cli;

import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.manager.EngineConfigs;
import org.sfsbench.access.AccessPlanText;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.ProcPlan;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.LoadfileSettings;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.RunRules;

/** The human-readable run plan printed by {@code sfs plan}. */
public final class PlanText {
    private PlanText() {
    }

    /** Header, one row per load point, then every client's procs and mount points. */
    public static String of(RunPlan plan) {
        RunConfig c = plan.config();
        StringBuilder sb = new StringBuilder();
        line(sb, "rc file", c.rcFile().toString());
        boolean network = c.fsProtocol().info().has(EngineCatalog.CAP_NETWORK);
        line(sb, "protocol", c.fsProtocol().rcName() + (network ? " over TCP" : ""));
        if (c.fsProtocol().needsCredentials()) {
            line(sb, "credentials", "user " + c.username() + (c.domain().isEmpty() ? "" : ", domain " + c.domain())
                    + ", password " + RunConfig.MASK);
        }
        line(sb, "workload", c.workload() + (c.mixFile() != null ? " (" + c.mixFile() + ")" : ""));
        line(sb, "clients", c.clients().size() + ": " + String.join(" ", c.clients()));
        if (c.loadfile() == null) {
            line(sb, "procs/client", c.procs() + " (" + plan.totalProcs() + " procs in all)");
        }
        if (c.topSpeed().steps() == null) {
            line(sb, "warmup/runtime", c.warmupTime() + " s / " + c.runtime() + " s, sampled every "
                    + c.sampleInterval() + " s");
        }
        line(sb, "file set", EngineConfigs.rootFolder("SUFFIX") + "/ on each mount point, kept after the run (sfs clean)");
        List<String> reasons = RunRules.reasons(plan.ruleChecks());
        if (reasons.isEmpty()) {
            line(sb, "disclosable", "yes, if the run passes " + String.join(", ", RunRules.MEASURED_RULES));
        } else {
            line(sb, "disclosable", "no");
            for (String r : reasons) {
                sb.append("  - ").append(r).append('\n');
            }
        }
        if (!c.warnings().isEmpty()) {
            line(sb, "warnings", String.valueOf(c.warnings().size()));
            for (String w : c.warnings()) {
                sb.append("  - ").append(w).append('\n');
            }
        }
        sb.append(TopSpeedPlanText.of(c));
        sb.append('\n');
        if (c.topSpeed().unpaced()) {
            appendMountPoints(sb, plan, c);
            return sb.toString();
        }
        if (c.access() != null) {
            sb.append(AccessPlanText.of(c.access(), c.clients().size())).append('\n');
            sb.append("Procs and mount points (").append(form(c)).append("):\n");
            for (ClientPlan cp : plan.points().get(0).clients()) {
                sb.append("  client ").append(cp.number()).append(' ').append(cp.name()).append('\n');
                appendProcs(sb, cp.procs());
            }
            return sb.toString();
        }
        if (c.loadfile() != null) {
            loadfilePoints(sb, plan);
            return sb.toString();
        }
        sb.append(String.format(Locale.ROOT, "%7s %10s %12s %9s %14s %11s", "point", "nominal", "requested",
                "per-proc", "file set KB", "").stripTrailing()).append('\n');
        int n = plan.points().size();
        for (LoadPoint p : plan.points()) {
            sb.append(String.format(Locale.ROOT, "%7s %10d %12d %9d %14d %11s%n", p.index() + "/" + n, p.nominalLoad(),
                    p.requestedOps(), p.perProcRate(), plan.filesetKB(p), size(plan.filesetKB(p))));
        }
        sb.append("(ops/s; requested = per-proc x ").append(plan.totalProcs()).append(" procs; file set = ").append(String.format(Locale.ROOT, "%,d", RunPlan.FILESET_KB_PER_OP)).append(" KB per"
                + " requested op/s x FILESET_SCALE ").append(c.filesetScale()).append(")\n\n");
        appendMountPoints(sb, plan, c);
        return sb.toString();
    }

    private static void appendMountPoints(StringBuilder sb, RunPlan plan, RunConfig c) {
        sb.append("Procs and mount points (").append(form(c)).append("; the same at every load point):\n");
        for (ClientPlan cp : plan.points().get(0).clients()) {
            sb.append("  client ").append(cp.number()).append(' ').append(cp.name()).append('\n');
            appendProcs(sb, cp.procs());
        }
    }

    /** WORKLOAD=loadfile: the file, then the simulated clients of each point per host. */
    private static void loadfilePoints(StringBuilder sb, RunPlan plan) {
        LoadfileSettings lf = plan.config().loadfile();
        line(sb, "loadfile", lf.summary());
        line(sb, "timing", lf.timestamps() ? "by the loadfile's timestamps"
                : lf.targetRateMBps() > 0 ? lf.targetRateMBps() + " MB/s of all clients together"
                : "as fast as possible");
        sb.append(String.format(Locale.ROOT, "%n%7s %8s  %s%n", "point", "clients", "clients per host (CLIENTS order)"));
        int n = plan.points().size();
        for (LoadPoint p : plan.points()) {
            StringBuilder hosts = new StringBuilder();
            for (ClientPlan cp : p.clients()) {
                hosts.append(hosts.length() == 0 ? "" : " ").append(cp.name()).append(':').append(cp.procs().size());
            }
            sb.append(String.format(Locale.ROOT, "%7s %8d  %s%n", p.index() + "/" + n, p.nominalLoad(), hosts));
        }
        sb.append("(each client replays the file in clients/clientN under its host's mount point)\n\n");
        sb.append("Clients and mount points at the last point:\n");
        for (ClientPlan cp : plan.points().get(n - 1).clients()) {
            sb.append("  host ").append(cp.number()).append(' ').append(cp.name()).append('\n');
            appendProcs(sb, cp.procs());
        }
    }

    private static String form(RunConfig c) {
        switch (c.mountPointForm()) {
            case PER_PROC:
                return "MNT_POINTS has PROCS entries: proc i of every client uses entry i";
            case PER_CLIENT_AND_PROC:
                return "MNT_POINTS has PROCS x clients entries: PROCS per client, in CLIENTS order";
            default:
                return "mount-points file " + c.mountPointsFile();
        }
    }

    /** One line per run of consecutive procs sharing a mount point. */
    private static void appendProcs(StringBuilder sb, List<ProcPlan> procs) {
        int start = 0;
        for (int i = 1; i <= procs.size(); i++) {
            if (i == procs.size() || !procs.get(i).mountPoint().equals(procs.get(start).mountPoint())) {
                ProcPlan a = procs.get(start);
                ProcPlan b = procs.get(i - 1);
                String local = a == b ? "proc " + a.index() : "procs " + a.index() + "-" + b.index();
                String global = a == b ? "global " + a.globalIndex() : "global " + a.globalIndex() + "-" + b.globalIndex();
                sb.append(String.format(Locale.ROOT, "    %-12s (%s)  %s%n", local, global, a.mountPoint()));
                start = i;
            }
        }
    }

    private static void line(StringBuilder sb, String key, String value) {
        sb.append(String.format(Locale.ROOT, "%-15s %s%n", key, value));
    }

    /** KB with a readable unit beside it. */
    static String size(long kb) {
        String[] units = {"MiB", "GiB", "TiB", "PiB"};
        double v = kb / 1024.0;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
