package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LOAD=max, the data-set workloads, STEP_PROCS, PLATEAU_PCT and CURVE_PCTS in rc files. */
class TopSpeedRcTest {
    @TempDir
    Path dir;

    private static final String BASE = String.join("\n", "LOAD=max", "CLIENTS=\"a b\"",
            "MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"", "FS_PROTOCOL=nfs", "");

    private RunConfig parse(String body) throws RcException {
        return RcParser.parse(RcFiles.write(dir, "rc", body));
    }

    private String error(String body) {
        return assertThrows(RcException.class, () -> parse(body)).getMessage();
    }

    @Test
    void steppedRandomReadWithCurve() throws Exception {
        RunConfig c = parse(BASE + "WORKLOAD=randread\nXFER_SIZE=8K\nWORKING_SET=2G\nSERVER_CACHE=128G\n"
                + "STEP_PROCS=\"1 1 60 2\"\nPLATEAU_PCT=5\nCURVE_PCTS=\"10 50 100\"\nCURVE_MAX_MSEC=20\n");
        TopSpeed ts = c.topSpeed();
        assertTrue(ts.unpaced());
        assertEquals(2, c.procs(), "PROCS defaults to the maximum of STEP_PROCS");
        assertEquals(8192, ts.xferSize());
        assertEquals(2L << 30, ts.workingSet());
        assertEquals(List.of(1, 2), ts.steps().counts());
        assertEquals(10, ts.steps().rampSeconds(), "default ramp: a sixth of the step");
        assertEquals(50, ts.steps().measureSeconds());
        assertEquals(List.of(10, 50, 100), ts.curvePcts());
        assertEquals(List.of(0), c.loads());
        // a top-speed run is judged by its own checks after the run, not by SPECsfs2008's rules
        assertEquals(org.sfsbench.engine.WorkloadRules.TOP_SPEED,
                org.sfsbench.plan.RunPlan.from(c).settings().rules());
        assertTrue(RcParserTest.reasons(c).isEmpty(), RcParserTest.reasons(c).toString());
    }

    @Test
    void mistakesNameTheVariable() {
        assertTrue(error(BASE.replace("LOAD=max\n", "LOAD=max\nPROCS=2\n") + "WORKLOAD=seqread\n")
                .contains("WORKING_SET: not set, and it is required"));
        assertTrue(error(BASE + "PROCS=2\n").contains("WORKING_SET"), "LOAD=max with sfs2008-nfs needs a working set");
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=2X\nPROCS=2\n").contains("WORKING_SET=2X: '2X' is not a size"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nXFER_SIZE=2M\nPROCS=2\n").contains("XFER_SIZE=2M: 2M is out of range"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nSTEP_PROCS=\"1 1 60 4\"\nPROCS=2\n")
                .contains("PROCS=2: differs from the maximum of STEP_PROCS (4)"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nSTEP_PROCS=\"1 1 60 4\"\nWARMUP_TIME=steady\n")
                .contains("WARMUP_TIME=steady: a STEP_PROCS step is every-seconds long"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nPROCS=2\nPLATEAU_PCT=5\n")
                .contains("PLATEAU_PCT=5: stops a stepped run, but STEP_PROCS is not set"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nPROCS=2\nCURVE_PCTS=\"50 20\"\n")
                .contains("percentages must increase"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nPROCS=2\nACCESS_PCNT=50\n")
                .contains("ACCESS_PCNT=50: shapes the SFS file set"));
        assertTrue(error(BASE + "WORKLOAD=randread\nWORKING_SET=1G\nSTEP_PROCS=\"1 1 60 2\"\nRUNTIME=60\n")
                .contains("RUNTIME=60: with STEP_PROCS"));
        assertTrue(error(BASE.replace("LOAD=max", "LOAD=100") + "PROCS=2\nCURVE_PCTS=\"50\"\n")
                .contains("CURVE_PCTS=50: needs LOAD=max"));
    }
}
