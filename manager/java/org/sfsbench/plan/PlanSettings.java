package org.sfsbench.plan;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.access.AccessStep;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.RunSettings;

/** The rc values and planned loads the run rules look at, before and after the run. */
public final class PlanSettings implements RunSettings {
    private final RunPlan plan;
    private final RunConfig rc;

    PlanSettings(RunPlan plan) {
        this.plan = plan;
        this.rc = plan.config();
    }

    @Override
    public List<Long> plannedLoads() {
        return plan.points().stream().map(p -> (long) p.requestedOps()).toList();
    }

    @Override
    public boolean loadsAreClientCounts() {
        return rc.loadfile() != null;
    }

    @Override
    public WorkloadRules rules() {
        EngineCatalog.Workload w = EngineCatalog.get().workload(rc.workload());
        return (w == null ? WorkloadRules.SPECSFS2008 : w.rules()).forRun(rc.topSpeed().unpaced());
    }

    @Override
    public int plannedRunSeconds(int index) {
        if (rc.access() != null) {
            return rc.accessStep(index).runSeconds();
        }
        return rc.topSpeed().steps() != null ? rc.topSpeed().steps().measureSeconds() : rc.runtime();
    }

    @Override
    public AccessTarget accessTarget(int index) {
        if (rc.access() == null) {
            return null;
        }
        AccessStep s = rc.accessStep(index);
        return new AccessTarget(s.spec().name(), s.outstandingIos());
    }

    @Override
    public boolean procsRamp() {
        return rc.topSpeed().steps() != null;
    }

    @Override
    public double kneePct() {
        return rc.topSpeed().plateauPct() > 0 ? rc.topSpeed().plateauPct() : StepSequence.KNEE_PCT_DEFAULT;
    }

    @Override
    public int runtimeSeconds() {
        return rc.runtime();
    }

    @Override
    public int warmupSeconds() {
        return rc.warmupTime();
    }

    @Override
    public boolean debug() {
        return !rc.debugFlags().isEmpty();
    }

    @Override
    public double filesetScale() {
        return rc.filesetScale();
    }

    @Override
    public int biodMaxReads() {
        return rc.biodMaxReads();
    }

    @Override
    public int biodMaxWrites() {
        return rc.biodMaxWrites();
    }

    @Override
    public boolean customMix() {
        return rc.mix() != null && !rc.mix().isEmpty();
    }

    /** Settings the run rules keep at their defaults (SFS 3.0: run-affecting parameters unchanged). */
    @Override
    public List<String> extensions() {
        List<String> out = new ArrayList<>();
        if (rc.fsProtocol().nonDisclosableReason() != null) {
            out.add(rc.fsProtocol().nonDisclosableReason());
        }
        if (rc.mixFile() == null && !rc.workload().equals(RcParser.defaultWorkload(rc.fsProtocol()))) {
            out.add("WORKLOAD=" + rc.workload() + " (the standard workload of " + rc.fsProtocol().rcName() + " is "
                    + RcParser.defaultWorkload(rc.fsProtocol()) + ")");
        }
        if (rc.topSpeed().unpaced()) {
            out.add("LOAD=max (unpaced: a top-speed measurement, not paced SFS load points)");
        }
        if (rc.steadyWarmup()) {
            out.add("WARMUP_TIME=steady (warm-up ends at steady state, at most WARMUP_MAX=" + rc.warmupTime() + " s)");
        }
        nonDefault(out, "ACCESS_PCNT", rc.accessPcnt(), 30);
        nonDefault(out, "APPEND_PCNT", rc.appendPcnt(), 70);
        nonDefault(out, "DIR_COUNT", rc.dirCount(), 30);
        nonDefault(out, "SYMLINK_COUNT", rc.symlinkCount(), 20);
        nonDefault(out, "DATA_COMPRESS_PCT", rc.dataCompressPct(), 0);
        nonDefault(out, "DATA_DEDUP_PCT", rc.dataDedupPct(), 0);
        return out;
    }

    private static void nonDefault(List<String> out, String name, int value, int required) {
        if (value != required) {
            out.add(name + "=" + value + " (required: " + required + ")");
        }
    }
}
