package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.plan.LoadPoint;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RunConfig;

class EngineConfigsTest {

    @Test
    void eachClientGetsItsProcsTargetsRateAndOnlyClientOneGetsChildDebugFlags(@TempDir Path dir) throws Exception {
        Path mix = dir.resolve("mix");
        Files.writeString(mix, "SFS MIXFILE VERSION 2\nread 60%\nwrite 40%\n");
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n", "FS_PROTOCOL=nfs", "CLIENTS=\"c1 c2\"", "PROCS=2",
                "MNT_POINTS=\"s:/a s:/b s:/c s:/d\"", "LOAD=\"100\"", "MIXFILE=mix", "DEBUG=\"2,4-5\"", ""));
        RunConfig config = RcParser.parse(rc);
        LoadPoint point = RunPlan.from(config).points().get(0);

        EngineConfig first = EngineConfigs.forClient(config, point, point.clients().get(0), 7, "run1");
        assertEquals("nfs3", first.get("backend"));
        assertEquals("mixfile", first.get("workload"));
        assertEquals("2", first.get("procs"));
        assertEquals("0", first.get("proc_first"));
        assertEquals("s:/a", first.get("target.0"));
        assertEquals("s:/b", first.get("target.1"));
        assertEquals("25", first.get("rate"));
        assertEquals("read:60,write:40", first.get("mix"));
        assertEquals("4,5", first.get("debug"), "parent flag 2 stays with the manager and agents");
        assertEquals("sfs_run1", first.get("root"));
        assertNull(first.get("password"), "no CIFS credentials in an NFS config");

        EngineConfig second = EngineConfigs.forClient(config, point, point.clients().get(1), 7, "run1");
        assertEquals("2", second.get("proc_first"));
        assertEquals("s:/c", second.get("target.0"));
        assertNull(second.get("debug"), "child debugging only on the first client");
        assertFalse(second.render().contains("debug="));
    }

    @Test
    void cifsPasswordIsInTheConfigButNeverInItsPrintableForm(@TempDir Path dir) throws Exception {
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n", "FS_PROTOCOL=cifs", "CLIENTS=\"localhost\"", "PROCS=1",
                "MNT_POINTS=\"\\\\srv\\share\"", "LOAD=\"10\"", "USERNAME=bob", "PASSWORD=s3cret-Pw", "DOMAIN=D", ""));
        RunConfig config = RcParser.parse(rc);
        LoadPoint point = RunPlan.from(config).points().get(0);
        EngineConfig c = EngineConfigs.forClient(config, point, point.clients().get(0), 1, "x");
        assertEquals("smb", c.get("backend"));
        assertTrue(c.render().contains("password=s3cret-Pw\n"));
        assertFalse(c.toString().contains("s3cret-Pw"), c.toString());
        assertEquals(c.render(), EngineConfig.parse(c.render()).render(), "render/parse round trip");
    }
}
