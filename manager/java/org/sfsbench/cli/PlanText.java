package org.sfsbench.cli;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.sfsbench.access.AccessPlanText;
import org.sfsbench.access.AccessStep;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.manager.EngineConfigs;
import org.sfsbench.manager.RunEta;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.ProcPlan;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.loadfile.LoadfileCopy;
import org.sfsbench.rc.LoadfileSettings;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.rc.TopSpeed;
import org.sfsbench.report.text.Reflow;
import org.sfsbench.results.RunRules;
import org.sfsbench.results.Verdicts;

/** The human-readable run plan printed by {@code sfs plan}. */
public final class PlanText {
    private PlanText() {
    }

    /** The plan at {@link Reflow#WIDTH} columns. */
    public static String of(RunPlan plan) {
        return of(plan, Reflow.WIDTH);
    }

    /**
     * Header, one row per load point, then every client's procs and mount points; no line is
     * wider than {@code width} (prose is broken between words) unless one word is.
     */
    public static String of(RunPlan plan, int width) {
        RunConfig c = plan.config();
        StringBuilder sb = new StringBuilder();
        sb.append(Reflow.field("rc file", c.rcFile().toString(), width));
        boolean network = c.fsProtocol().info().has(EngineCatalog.CAP_NETWORK);
        sb.append(Reflow.field("protocol", c.fsProtocol().rcName() + (network ? " over TCP" : ""), width));
        if (c.fsProtocol().needsCredentials()) {
            sb.append(Reflow.field("credentials", "user " + c.username()
                    + (c.domain().isEmpty() ? "" : ", domain " + c.domain()) + ", password " + RunConfig.MASK, width));
        }
        sb.append(Reflow.field("workload", c.workload() + (c.mixFile() != null ? " (" + c.mixFile() + ")" : ""),
                width));
        sb.append(Reflow.field("clients", c.clients().size() + ": " + String.join(" ", c.clients()), width));
        if (c.loadfile() == null) {
            sb.append(Reflow.field("procs/client", c.procs() + " (" + plan.totalProcs() + " procs in all)", width));
        }
        if (c.topSpeed().steps() == null) {
            sb.append(Reflow.field("warmup/runtime", warmup(c) + " / " + c.runtime() + " s, sampled every "
                    + c.sampleInterval() + " s", width));
        }
        sb.append(Reflow.field("duration", duration(plan), width));
        sb.append(Reflow.field("file set", EngineConfigs.rootFolder("SUFFIX")
                + "/ on each mount point, kept after the run (sfs clean)", width));
        List<String> reasons = RunRules.reasons(plan.ruleChecks());
        WorkloadRules rules = plan.settings().rules();
        if (rules != WorkloadRules.SPECSFS2008) {
            sb.append(Reflow.field("disclosable", "no: " + Verdicts.notApplicable(rules), width));
        } else if (reasons.isEmpty()) {
            sb.append(Reflow.field("disclosable", "yes, if the run passes "
                    + String.join(", ", RunRules.MEASURED_RULES), width));
        } else {
            sb.append(Reflow.field("disclosable", "no", width));
            for (String r : reasons) {
                sb.append(Reflow.item(r, width));
            }
        }
        if (!c.warnings().isEmpty()) {
            sb.append(Reflow.field("warnings", String.valueOf(c.warnings().size()), width));
            for (String w : c.warnings()) {
                sb.append(Reflow.item(w, width));
            }
        }
        sb.append(TopSpeedPlanText.of(c, width));
        sb.append('\n');
        if (c.topSpeed().unpaced()) {
            appendMountPoints(sb, plan, c, width);
            return sb.toString();
        }
        if (c.access() != null) {
            sb.append(AccessPlanText.of(c.access(), c.clients().size(), width)).append('\n');
            if (c.topSpeed().slo() != null) {
                sb.append(SloPlanText.of(c, width)).append('\n');
            }
            sb.append(Reflow.para(0, "Procs and mount points (" + form(c) + "):", width));
            for (ClientPlan cp : plan.points().get(0).clients()) {
                sb.append("  client ").append(cp.number()).append(' ').append(cp.name()).append('\n');
                appendProcs(sb, cp.procs());
            }
            return sb.toString();
        }
        if (c.loadfile() != null) {
            loadfilePoints(sb, plan, width);
            return sb.toString();
        }
        sb.append(String.format(Locale.ROOT, "%7s %10s %12s %9s %14s %11s", "point", "nominal", "requested",
                "per-proc", "file set KB", "").stripTrailing()).append('\n');
        int n = plan.points().size();
        for (LoadPoint p : plan.points()) {
            sb.append(String.format(Locale.ROOT, "%7s %10d %12d %9d %14d %11s%n", p.index() + "/" + n, p.nominalLoad(),
                    p.requestedOps(), p.perProcRate(), plan.filesetKB(p), size(plan.filesetKB(p))));
        }
        sb.append(Reflow.para(0, "(ops/s; requested = per-proc x " + plan.totalProcs() + " procs; file set = "
                + String.format(Locale.ROOT, "%,d", RunPlan.FILESET_KB_PER_OP) + " KB per requested op/s x"
                + " FILESET_SCALE " + c.filesetScale() + ")", width));
        sb.append('\n');
        appendMountPoints(sb, plan, c, width);
        return sb.toString();
    }

    /**
     * How long the run takes: the planned phases, plus the INITs, whose length depends on the
     * server (the live line estimates them as they go).
     */
    static String duration(RunPlan plan) {
        int trials = plan.config().trials();
        return trials == 1 ? durationOnce(plan) : trials + " times (TRIALS, each point measured " + trials
                + " times in a row) " + durationOnce(plan);
    }

    private static String durationOnce(RunPlan plan) {
        RunConfig c = plan.config();
        if (c.access() != null) {
            long total = 0;
            for (AccessStep s : c.access().steps()) {
                total += s.rampUpSeconds() + s.runSeconds();
            }
            int n = c.access().steps().size();
            return RunEta.shortDuration(total) + " of load in " + n + (n == 1 ? " step" : " steps")
                    + " (ramp + run)" + (c.topSpeed().slo() != null ? " unpaced, then the SLO search's probes (SLO"
                    + " duration)" : "") + ", plus creating and filling the workers' targets once";
        }
        TopSpeed ts = c.topSpeed();
        if (ts.unpaced()) {
            int steps = ts.steps() == null ? 1 : ts.steps().counts().size();
            int each = ts.steps() == null ? c.warmupTime() + c.runtime() : ts.steps().everySeconds();
            int all = steps + ts.curvePcts().size();
            String cut = ts.plateauPct() > 0 || ts.curveMaxMsec() > 0 ? "at most " : "";
            return cut + RunEta.shortDuration((long) all * each) + " of load in " + all + (all == 1 ? " step" : " steps")
                    + " of " + each + " s" + (cut.isEmpty() ? "" : " (fewer when the plateau or the response-time"
                    + " limit is reached)") + ", plus building the file set once";
        }
        int n = plan.points().size();
        int each = c.warmupTime() + c.runtime();
        return RunEta.shortDuration((long) n * each) + " of load: " + n + (n == 1 ? " load point" : " load points")
                + " x (" + warmup(c) + " warmup + " + c.runtime() + " s run), plus each point's INIT"
                + (c.loadfile() != null ? "" : " (building its file set; how long depends on the server)");
    }

    private static void appendMountPoints(StringBuilder sb, RunPlan plan, RunConfig c, int width) {
        sb.append(Reflow.para(0, "Procs and mount points (" + form(c) + "; the same at every load point):", width));
        for (ClientPlan cp : plan.points().get(0).clients()) {
            sb.append("  client ").append(cp.number()).append(' ').append(cp.name()).append('\n');
            appendProcs(sb, cp.procs());
        }
    }

    /** WORKLOAD=loadfile: the file, then the simulated clients of each point per host. */
    private static void loadfilePoints(StringBuilder sb, RunPlan plan, int width) {
        LoadfileSettings lf = plan.config().loadfile();
        sb.append(Reflow.field("loadfile", lf.summary(), width));
        sb.append(Reflow.field("timing", lf.timestamps() ? "by the loadfile's timestamps"
                + (lf.speed() != 1 ? String.format(Locale.ROOT, ", %s times as fast (LOADFILE_SPEED)",
                        java.math.BigDecimal.valueOf(lf.speed()).stripTrailingZeros().toPlainString()) : "")
                : lf.targetRateMBps() > 0 ? lf.targetRateMBps() + " MB/s of all clients together"
                : "as fast as possible", width));
        if (lf.passes() > 0) {
            sb.append(Reflow.field("passes", "each client replays " + (lf.set() ? "its loadfile " : "the file ")
                    + lf.passes() + (lf.passes() == 1 ? " time" : " times") + " from its first line (no warm-up), then"
                    + " stops; RUN ends when every client is done, at the latest after RUNTIME="
                    + plan.config().runtime() + " s (LOADFILE_PASSES)", width));
        }
        sb.append(String.format(Locale.ROOT, "%n%7s %8s  %s%n", "point", "clients", "clients per host (CLIENTS order)"));
        int n = plan.points().size();
        String under = " ".repeat(18);
        for (LoadPoint p : plan.points()) {
            StringBuilder hosts = new StringBuilder();
            for (ClientPlan cp : p.clients()) {
                hosts.append(hosts.length() == 0 ? "" : " ").append(cp.name()).append(':').append(cp.procs().size());
            }
            sb.append(Reflow.hanging(String.format(Locale.ROOT, "%7s %8d  ", p.index() + "/" + n, p.nominalLoad()),
                    under, hosts.toString(), width));
        }
        if (lf.set()) {
            for (int h = 0; h < lf.deal().size(); h++) {
                String files = lf.copiesFor(h).stream().map(LoadfileCopy::name).collect(Collectors.joining(" "));
                sb.append(Reflow.hanging("  " + plan.points().get(0).clients().get(h).name() + ": ", "    ", files,
                        width));
            }
        }
        sb.append(Reflow.para(0, "(each client replays " + (lf.set() ? "its loadfile" : "the file")
                + " in clients/clientN under its host's mount point; N is its proc number)", width));
        sb.append('\n');
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

    /**
     * One line per run of consecutive procs sharing a mount point. Procs are numbered from 0 within
     * their client and globally (docs/running.md, "Numbering").
     */
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

    /** "300 s", or "steady (at most 300 s)" for WARMUP_TIME=steady (docs/steady-state.md). */
    static String warmup(RunConfig c) {
        return c.steadyWarmup() ? "steady (at most " + c.warmupTime() + " s)" : c.warmupTime() + " s";
    }
}
