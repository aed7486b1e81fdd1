package org.sfsbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rc.RcFiles;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.RunRules;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

class RunPlanTest {

    @TempDir
    Path dir;

    /** Guide 3.3: LOAD=200 INCR_LOAD=200 NUM_RUNS=10, CLIENTS 4, NUM_PROCS 8. */
    static final String WORKED_EXAMPLE = String.join("\n",
            "LOAD=200", "INCR_LOAD=200", "NUM_RUNS=10", "CLIENTS=\"c1 c2 c3 c4\"", "NUM_PROCS=8",
            "MNT_POINTS=\"s:/m0 s:/m1 s:/m2 s:/m3 s:/m4 s:/m5 s:/m6 s:/m7\"", "FS_PROTOCOL=nfs", "");

    private RunPlan plan(String rc) throws Exception {
        return RunPlan.from(RcParser.parse(RcFiles.write(dir, "sfs_rc", rc)));
    }

    @Test
    void workedExampleOfTheGuide() throws Exception {
        RunPlan p = plan(WORKED_EXAMPLE);
        assertEquals(32, p.totalProcs());
        assertEquals(List.of(192, 384, 576, 800, 992, 1184, 1376, 1600, 1792, 1984),
                p.points().stream().map(LoadPoint::requestedOps).toList());
        assertEquals(List.of(200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000),
                p.points().stream().map(LoadPoint::nominalLoad).toList());
        assertEquals(List.of(6, 12, 18, 25, 31, 37, 43, 50, 56, 62),
                p.points().stream().map(LoadPoint::perProcRate).toList());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), p.points().stream().map(LoadPoint::index).toList());
    }

    /**
     * The guide's own example (6 ops/s per proc at point 1, below the advised 10) gets one verdict
     * from the plan and from the finished run: disclosable, with the per-proc rate as a warning.
     */
    @Test
    void workedExampleGetsTheSameVerdictBeforeAndAfterTheRun() throws Exception {
        RunPlan p = plan(WORKED_EXAMPLE);
        List<RuleCheck> before = p.ruleChecks();
        assertEquals(List.of(), RunRules.reasons(before));
        assertTrue(p.config().warnings().stream().anyMatch(w -> w.contains("gives 6 ops/s per proc")),
                p.config().warnings().toString());

        RunResult.Builder built = RunResult.builder();
        built.complete = true;
        for (LoadPoint lp : p.points()) {
            LoadPointResult.Builder r = LoadPointResult.builder();
            r.index = lp.index();
            r.requestedOpsPerSec = lp.requestedOps();
            r.achievedOpsPerSec = lp.requestedOps();
            r.msecPerOp = 1 + lp.index() / 10.0;
            r.totalOps = 300L * lp.requestedOps();
            built.loadPoints.add(r.build());
        }
        RunResult run = built.build();
        List<RuleCheck> after = RunRules.check(run, p.settings());
        assertEquals(List.of(), RunRules.reasons(after));
        // every rule the plan decided is decided again, the same way, after the run
        for (RuleCheck c : before) {
            RuleCheck again = after.stream().filter(a -> a.id().equals(c.id())).findFirst().orElseThrow();
            assertEquals(c.passed(), again.passed(), c.id());
            assertEquals(c.detail(), again.detail(), c.id());
        }
        assertEquals(before.size() + RunRules.MEASURED_RULES.size(), after.size());

        RunPlan shortRuntime = plan(WORKED_EXAMPLE + "RUNTIME=60\n");
        assertEquals(List.of("runtime failed: RUNTIME=60, 240 s short of 300 s"), RunRules.reasons(shortRuntime.ruleChecks()));
        List<String> afterShort = RunRules.reasons(RunRules.check(run, shortRuntime.settings()));
        assertEquals(RunRules.reasons(shortRuntime.ruleChecks()), afterShort);
    }

    @Test
    void perProcMountPointsAreSharedByEveryClient() throws Exception {
        RunPlan p = plan(WORKED_EXAMPLE);
        LoadPoint first = p.points().get(0);
        assertEquals(4, first.clients().size());
        ClientPlan c3 = first.clients().get(2);
        assertEquals("c3", c3.name());
        assertEquals(3, c3.number());
        assertEquals(8, c3.procs().size());
        for (ProcPlan proc : c3.procs()) {
            assertEquals("s:/m" + proc.index(), proc.mountPoint().text());
            assertEquals(16 + proc.index(), proc.globalIndex());
        }
        assertEquals(31, first.clients().get(3).procs().get(7).globalIndex());
    }

    @Test
    void perClientMountPointsAreSplitInOrder() throws Exception {
        RunPlan p = plan(String.join("\n", "LOAD=\"60 120\"", "CLIENTS=\"a b c\"", "PROCS=2",
                "MNT_POINTS=\"s:/1 s:/2 s:/3 s:/4 s:/5 s:/6\"", ""));
        List<String> seen = p.points().get(1).clients().stream()
                .flatMap(c -> c.procs().stream().map(pp -> c.name() + pp.index() + "=" + pp.mountPoint()))
                .toList();
        assertEquals(List.of("a0=s:/1", "a1=s:/2", "b0=s:/3", "b1=s:/4", "c0=s:/5", "c1=s:/6"), seen);
        assertEquals(List.of(60, 120), p.points().stream().map(LoadPoint::requestedOps).toList());
        assertEquals(10, p.points().get(0).perProcRate());
    }

    @Test
    void fileFormMountPointsFollowTheFile() throws Exception {
        RcFiles.write(dir, "mnts", "b s:/b0 s:/b1\na s:/a0 s:/a1\n");
        RunPlan p = plan(String.join("\n", "LOAD=\"40 80\"", "CLIENTS=\"a b\"", "PROCS=2", "MNT_POINTS=mnts", ""));
        ClientPlan b = p.points().get(0).clients().get(1);
        assertEquals("b", b.name());
        assertEquals("s:/b1", b.procs().get(1).mountPoint().text());
        assertEquals(3, b.procs().get(1).globalIndex());
    }

    @Test
    void fileSetIs120MiBPerRequestedOpTimesScale() throws Exception {
        RunPlan p = plan(WORKED_EXAMPLE + "FILESET_SCALE=0.5\n");
        LoadPoint first = p.points().get(0);
        assertEquals(192L * 122_880 / 2, p.filesetKB(first));
        assertEquals(192L * 120 * 1024 * 1024 / 2, p.filesetBytes(first));
        assertEquals(122_880L, RunPlan.filesetKB(1, 1.0));
    }

    @Test
    void roundingIsFloorOfLoadOverTotalProcs() {
        assertEquals(6, RunPlan.perProcRate(200, 32));
        assertEquals(1, RunPlan.perProcRate(63, 32));
        assertEquals(2, RunPlan.perProcRate(64, 32));
    }

    @Test
    void planKeepsItsConfig() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "sfs_rc", WORKED_EXAMPLE));
        assertEquals(c, RunPlan.from(c).config());
    }
}
