package org.sfsbench.plan;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.access.AccessStep;
import org.sfsbench.rc.MountPoint;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.Verdicts;
import org.sfsbench.results.model.RuleCheck;

/**
 * The load points of a run, each with the procs of every client and their mount points. Load
 * rounding follows the guide's worked example: every proc runs floor(load / total procs) ops/s, so
 * LOAD=200 INCR_LOAD=200 NUM_RUNS=10 on 4 clients x 8 procs requests 192 384 576 800 992 1184 1376
 * 1600 1792 1984 ops/s.
 */
public final class RunPlan {

    /**
     * SPECsfs2008 file set per requested op/s: "120 Megabytes per SFS op/s" (guide 2.2), taken as
     * 120 MiB because the guide counts the file set in KB of 1024 bytes (sfssum column 9) and its
     * sample run (4.4) created 121,804 KB per requested op/s over its ten points: 0.9 % below
     * 120 MiB (122,880 KB), 1.5 % above 120,000 KB. The engine is given this value.
     */
    public static final int FILESET_MIB_PER_OP = 120;
    /** {@link #FILESET_MIB_PER_OP} in KB (1024 bytes), the unit of sfssum's file-set column. */
    public static final long FILESET_KB_PER_OP = FILESET_MIB_PER_OP * 1024L;

    private final RunConfig config;
    private final List<LoadPoint> points;

    private RunPlan(RunConfig config, List<LoadPoint> points) {
        this.config = config;
        this.points = List.copyOf(points);
    }

    /** Builds the plan of a checked configuration. */
    public static RunPlan from(RunConfig config) {
        int total = config.totalProcs();
        List<LoadPoint> points = new ArrayList<>();
        if (config.access() != null) {
            // access steps run unpaced: each is a load point of 0 requested ops/s with its workers
            for (AccessStep s : config.access().steps()) {
                points.add(new LoadPoint(s.index(), 0, 0, 0, clientsOf(config, s.targets())));
            }
            return new RunPlan(config, points);
        }
        List<Integer> loads = config.loads();
        if (config.loadfile() != null) {
            for (int k = 0; k < loads.size(); k++) {
                points.add(new LoadPoint(k + 1, loads.get(k), 0, 0, spread(config, loads.get(k))));
            }
            return new RunPlan(config, points);
        }
        for (int k = 0; k < loads.size(); k++) {
            int load = loads.get(k);
            int perProc = perProcRate(load, total);
            points.add(new LoadPoint(k + 1, load, perProc * total, perProc, clientsOf(config, config.procs())));
        }
        return new RunPlan(config, points);
    }

    /**
     * WORKLOAD=access: the load point that opens and prepares every worker's target once (all PROCS of
     * every client); each step then runs on it with its own workers (the step's {@link #points()}).
     */
    public LoadPoint accessTargets() {
        return new LoadPoint(1, 0, 0, 0, clientsOf(config, config.procs()));
    }

    /** floor(load / total procs): the rate every proc is given. */
    public static int perProcRate(int load, int totalProcs) {
        return load / totalProcs;
    }

    /**
     * WORKLOAD=loadfile: {@code n} simulated clients (one proc each) spread over the hosts of
     * CLIENTS, the first hosts taking one more when n does not divide evenly (a set of loadfiles: as
     * many as were dealt to each); clients are numbered host by host, as the procs of the other
     * workloads are.
     */
    private static List<ClientPlan> spread(RunConfig config, int n) {
        List<ClientPlan> clients = new ArrayList<>();
        int hosts = config.clients().size();
        int global = 0;
        for (int c = 0; c < hosts; c++) {
            List<MountPoint> mps = config.mountPointsOf(c);
            List<ProcPlan> procs = new ArrayList<>();
            int mine = config.loadfile().set() ? config.loadfile().deal().get(c).size()
                    : n / hosts + (c < n % hosts ? 1 : 0);
            for (int p = 0; p < mine; p++) {
                procs.add(new ProcPlan(p, global++, mps.get(p % mps.size())));
            }
            clients.add(new ClientPlan(config.clients().get(c), c + 1, procs));
        }
        return clients;
    }

    private static List<ClientPlan> clientsOf(RunConfig config, int procsPerClient) {
        List<ClientPlan> clients = new ArrayList<>();
        int global = 0;
        for (int c = 0; c < config.clients().size(); c++) {
            List<MountPoint> mps = config.mountPointsOf(c);
            List<ProcPlan> procs = new ArrayList<>();
            for (int p = 0; p < config.procs(); p++) {
                if (p < procsPerClient) {
                    procs.add(new ProcPlan(p, global, mps.get(p)));
                }
                global++;
            }
            clients.add(new ClientPlan(config.clients().get(c), c + 1, procs));
        }
        return clients;
    }

    /** The settings and planned loads the run rules judge, here and after the run. */
    public PlanSettings settings() {
        return new PlanSettings(this);
    }

    /**
     * The run rules decidable before the run (org.sfsbench.results.RunRules#checkPlan); none when
     * SPECsfs2008's rules do not apply to the workload (org.sfsbench.results.Verdicts).
     */
    public List<RuleCheck> ruleChecks() {
        return Verdicts.checkPlan(settings());
    }

    public RunConfig config() {
        return config;
    }

    /** The load points in run order. */
    public List<LoadPoint> points() {
        return points;
    }

    /** PROCS x number of clients. */
    public int totalProcs() {
        return config.totalProcs();
    }

    /**
     * The file set a load point implies: {@link #FILESET_KB_PER_OP} per requested op/s times
     * FILESET_SCALE, in KB (1024 bytes), the unit of sfssum's file-set column. The engine splits it
     * evenly over the procs.
     */
    public long filesetKB(LoadPoint point) {
        return filesetKB(point.requestedOps(), config.filesetScale());
    }

    /** Same as {@link #filesetKB(LoadPoint)} in bytes. */
    public long filesetBytes(LoadPoint point) {
        return filesetKB(point) * 1024;
    }

    /** 122,880 KB (120 MiB) x requested ops/s x scale, rounded to whole KB. */
    public static long filesetKB(int requestedOps, double scale) {
        return Math.round(FILESET_KB_PER_OP * (double) requestedOps * scale);
    }
}
