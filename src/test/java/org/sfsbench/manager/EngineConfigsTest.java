package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.EngineConfig;
import org.sfsbench.plan.ClientPlan;
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

    @Test
    void loadfileClientsGetTheirShareOfTheRateAndTheRunsClientCount(@TempDir Path dir) throws Exception {
        Path lf = dir.resolve("client.txt");
        Files.writeString(lf, "NTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\nClose 1 NT_STATUS_OK\n");
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n", "FS_PROTOCOL=posix", "CLIENTS=\"c1 c2\"", "MNT_POINTS=\"/m\"",
                "WORKLOAD=loadfile", "LOADFILE=client.txt", "CLIENT_COUNTS=\"5\"", "TARGET_RATE_MBPS=100", ""));
        RunConfig config = RcParser.parse(rc);
        LoadPoint point = RunPlan.from(config).points().get(0);
        EngineConfig second = EngineConfigs.forClient(config, point, point.clients().get(1), 7, "run1");
        assertEquals("loadfile", second.get("workload"));
        assertNull(second.get("loadfile"), "the file travels with the task, the agent names its copy");
        assertArrayEquals(Files.readAllBytes(lf), config.loadfile().copies().get(0).text());
        assertEquals("2", second.get("procs"), "5 clients over 2 hosts: 3 + 2");
        assertEquals("3", second.get("proc_first"));
        assertEquals("/m", second.get("target.1"));
        assertEquals("5", second.get("procs_total"));
        assertEquals(20.0, Double.parseDouble(second.get("target_mbps")), 1e-9, "100 MB/s over 5 clients");
        assertEquals("asap", second.get("loadfile_timing"));
        assertNull(second.get("loadfile_speed"), "the engine's default, 1");
        assertEquals("0", second.get("loadfile_passes"), "pass after pass until RUNTIME");
    }

    @Test
    void loadfileSpeedAndPassesReachEveryClientsEngine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.load"), "0.000 MKDIR3 \"/clients/client1\" *\n");
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n", "FS_PROTOCOL=posix", "CLIENTS=\"c1 c2\"", "MNT_POINTS=\"/m\"",
                "WORKLOAD=loadfile", "LOADFILE=t.load", "CLIENT_COUNTS=\"2\"", "LOADFILE_TIMING=timestamps",
                "LOADFILE_SPEED=2", "LOADFILE_PASSES=3", ""));
        RunConfig config = RcParser.parse(rc);
        LoadPoint point = RunPlan.from(config).points().get(0);
        for (ClientPlan client : point.clients()) {
            EngineConfig c = EngineConfigs.forClient(config, point, client, 7, "run1");
            assertEquals("timestamps", c.get("loadfile_timing"));
            assertEquals(2.0, Double.parseDouble(c.get("loadfile_speed")), 0);
            assertEquals("3", c.get("loadfile_passes"));
        }
    }

    @Test
    void eventLoopsReachTheEngineWithinItsRange(@TempDir Path dir) throws Exception {
        Path rc = dir.resolve("sfs_rc");
        String base = String.join("\n", "FS_PROTOCOL=nfs", "CLIENTS=\"c1\"", "PROCS=4", "MNT_POINTS=\"s:/a s:/a s:/a s:/a\"",
                "LOAD=\"100\"", "");
        Files.writeString(rc, base);
        RunConfig plain = RcParser.parse(rc);
        LoadPoint point = RunPlan.from(plain).points().get(0);
        assertNull(EngineConfigs.forClient(plain, point, point.clients().get(0), 1, "x").get("loops"),
                "unset: the engine's default (online CPUs)");
        Files.writeString(rc, base + "EVENT_LOOPS=3\n");
        RunConfig three = RcParser.parse(rc);
        assertEquals("3", EngineConfigs.forClient(three, point, point.clients().get(0), 1, "x").get("loops"));
        Files.writeString(rc, base + "EVENT_LOOPS=5000\n");
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> RcParser.parse(rc));
        assertTrue(e.getMessage().contains("EVENT_LOOPS") && e.getMessage().contains("1024"), e.getMessage());
    }
}
