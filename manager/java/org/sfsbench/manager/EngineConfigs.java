package org.sfsbench.manager;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.access.AccessTest;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.plan.ClientPlan;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.ProcPlan;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.LoadfileSettings;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.rc.TopSpeed;

/** Turns the rc settings and one client's share of a load point into an engine configuration. */
public final class EngineConfigs {
    /** What every run's folder name starts with ({@code sfs clean} removes such folders). */
    public static final String ROOT_PREFIX = "sfs_";

    /** DEBUG flags that concern the parent (agent/manager) rather than the child procs. */
    private static final Set<Integer> PARENT_FLAGS = Set.of(1, 2, 3);

    private EngineConfigs() {
    }

    /**
     * The engine config of {@code client} at {@code point}. Child DEBUG flags go only to the first
     * client, as the guide says (its engine applies them to its first proc).
     */
    public static EngineConfig forClient(RunConfig rc, LoadPoint point, ClientPlan client, long seed, String suffix) {
        EngineConfig c = new EngineConfig();
        Backend backend = rc.fsProtocol();
        c.set("backend", backend.engineName());
        c.set("workload", rc.workload());
        c.set("procs", client.procs().size());
        c.set("proc_first", client.procs().get(0).globalIndex());
        for (int i = 0; i < client.procs().size(); i++) {
            ProcPlan p = client.procs().get(i);
            c.set("target." + i, p.mountPoint().text());
        }
        c.set("root", rootFolder(suffix));
        c.set("rate", point.perProcRate());
        Map<String, Integer> mix = rc.mix();
        if (mix != null && !mix.isEmpty()) {
            c.set("mix", mix.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                    .collect(Collectors.joining(",")));
        }
        topSpeed(c, rc, client.procs().size());
        c.set("access_pcnt", rc.accessPcnt());
        c.set("fileset_mb_per_op", RunPlan.FILESET_MIB_PER_OP);
        c.set("fileset_scale", rc.filesetScale());
        c.set("dir_count", rc.dirCount());
        c.set("symlink_count", rc.symlinkCount());
        c.set("append_pcnt", rc.appendPcnt());
        c.set("data_compress_pct", rc.dataCompressPct());
        c.set("data_dedup_pct", rc.dataDedupPct());
        c.set("direct_io", rc.directIo() ? 1 : 0);
        if (rc.outage().ride()) {
            c.set("outage_max", rc.outage().maxSeconds());
        }
        if (rc.eventLoops() > 0) {
            c.set("loops", rc.eventLoops());
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("block_size", rc.blockSize());
        options.put("biod_reads", rc.biodMaxReads());
        options.put("biod_writes", rc.biodMaxWrites());
        options.put("uring_spin_us", rc.uringSpinUs());
        options.put("uid", rc.nfsUserId());
        options.put("gid", rc.nfsGroupId());
        options.put("username", nz(rc.username()));
        options.put("domain", nz(rc.domain()));
        options.put("password", nz(rc.password()));
        if (!rc.smbClient().isEmpty()) {
            options.put("smb_client", rc.smbClient());
        }
        // each backend takes only the options it declares; every name is some backend's option
        options.forEach((key, value) -> {
            EngineCatalog.get().key(key);
            if (backend.info().option(key) != null) {
                c.set(key, value);
            }
        });
        AccessTest access = rc.access();
        if (access != null) {
            // the engine opens with the first spec and the most outstanding I/Os of the test; each
            // step then sets its own (RunManager.runAccessSteps, AccessStep.engineChanges)
            c.set("access_spec", access.specs().get(0).engineText());
            c.set("outstanding_ios", access.maxOutstandingIos());
            c.set("file_size", access.regionBytes());
            c.set("start_offset", access.startOffset());
            c.set("whole_target", access.wholeTarget() ? 1 : 0);
            c.set("target_writes", access.targetWrites() ? 1 : 0);
        }
        LoadfileSettings lf = rc.loadfile();
        if (lf != null) {
            int all = point.clients().stream().mapToInt(k -> k.procs().size()).sum();
            // the file itself travels with the PointTask; the agent names its own copy
            c.set("loadfile_timing", lf.timestamps() ? "timestamps" : "asap");
            if (lf.speed() != 1) {
                c.set("loadfile_speed", lf.speed());
            }
            c.set("procs_total", all);
            c.set("loadfile_passes", lf.passes());
            if (lf.targetRateMBps() > 0) {
                c.set("target_mbps", lf.targetRateMBps() / all);
            }
        }
        c.set("seed", seed + point.index() * 1_000_003L);
        String debug = rc.debugFlags().stream().filter(f -> !PARENT_FLAGS.contains(f)).sorted()
                .map(String::valueOf).collect(Collectors.joining(","));
        if (client.number() == 1 && !debug.isEmpty()) {
            c.set("debug", debug);
            c.set("log", "agent"); // the agent puts it in its own work folder
        }
        return c;
    }

    /**
     * The keys that size {@code rc}'s workload in an engine of {@code procs} procs, without targets
     * or load: enough for the engine to tell the workload's target mix ({@code Engine.targetMix}).
     */
    static EngineConfig sizing(RunConfig rc, int procs) {
        EngineConfig c = new EngineConfig();
        c.set("workload", rc.workload());
        c.set("procs", procs);
        c.set("target.0", "-");
        topSpeed(c, rc, procs);
        return c;
    }

    /**
     * XFER_SIZE; the data set of randread/seqread/seqwrite (WORKING_SET per client in FILE_COUNT
     * files); with LOAD=max and an SFS workload, a file set of WORKING_SET / ACCESS_PCNT per client
     * split over its procs (times FILESET_SCALE), since there is no rate to size it from.
     */
    private static void topSpeed(EngineConfig c, RunConfig rc, int procs) {
        TopSpeed ts = rc.topSpeed();
        if (ts.xferSize() > 0) {
            c.set("xfer_size", ts.xferSize());
        }
        if (TopSpeed.isDataset(rc.workload())) {
            c.set("working_set", ts.workingSet());
            if (rc.fileCount() > 0) {
                c.set("file_count", rc.fileCount());
            }
        } else if (ts.unpaced()) {
            double mibPerProc = ts.workingSet() * 100.0 / rc.accessPcnt() / procs / (1 << 20);
            c.set("fileset_rate", 1);
            c.set("fileset_mb_per_op", String.format(java.util.Locale.ROOT, "%.6f", mibPerProc));
        }
    }

    /** The folder a run with this suffix builds its file sets in, under every mount point. */
    public static String rootFolder(String suffix) {
        return ROOT_PREFIX + safe(suffix);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
