package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.sun.security.auth.module.UnixSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.plan.RunPlan;
import org.sfsbench.results.RunRules;

import org.sfsbench.engine.Backend;

class RcParserTest {

    /** What {@code sfs plan} lists as reasons why the run would not be disclosable. */
    static List<String> reasons(RunConfig c) {
        return RunRules.reasons(RunPlan.from(c).ruleChecks());
    }

    @TempDir
    Path dir;

    @Test
    void minimalFileGetsTheGuideDefaults() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL));
        assertEquals(List.of(100, 200), c.loads());
        assertTrue(c.loadIsList());
        assertEquals(0, c.incrLoad());
        assertEquals(2, c.numRuns());
        assertEquals(List.of("localhost"), c.clients());
        assertEquals(2, c.procs());
        assertEquals(Backend.NFS, c.fsProtocol());
        assertEquals("", c.username());
        assertEquals("", c.password());
        assertEquals("", c.domain());
        UnixSystem self = new UnixSystem();
        assertEquals(self.getUid(), c.nfsUserId());
        assertEquals(self.getGid(), c.nfsGroupId());
        assertEquals(2, c.biodMaxReads());
        assertEquals(2, c.biodMaxWrites());
        assertEquals(dir.toAbsolutePath().normalize(), c.workDir());
        assertNull(c.primeMonScript());
        assertEquals(List.of(), c.primeMonArgs());
        assertEquals(300, c.warmupTime());
        assertEquals(300, c.runtime());
        assertEquals(8000, c.initTimeout());
        assertEquals(0, c.blockSize());
        assertNull(c.mixFile());
        assertNull(c.mix());
        assertEquals(30, c.accessPcnt());
        assertEquals(Set.of(), c.debugFlags());
        assertEquals("sfs2008-nfs", c.workload());
        assertEquals(1.0, c.filesetScale());
        assertEquals(10, c.sampleInterval());
        assertEquals(50777, c.agentPort());
        assertEquals(70, c.appendPcnt());
        assertEquals(30, c.dirCount());
        assertEquals(20, c.symlinkCount());
        assertEquals(0, c.primeSleep());
        assertEquals(0, c.primeTimeout());
        assertFalse(c.ipv6Enable());
        assertEquals(dir.resolve("sfs_rc").toAbsolutePath().normalize(), c.rcFile());
        assertEquals(List.of("load-points failed: only 2 load points planned, 8 short of 10"), reasons(c));
    }

    @Test
    void everyVariableIsParsed() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        RcFiles.write(work, "mymix", "SFS MIXFILE VERSION 2\n# all reads\nread 60%\nlookup 40%\n");
        Path mon = RcFiles.write(dir, "mon.sh", "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(mon, PosixFilePermissions.fromString("rwxr-xr-x"));
        RcFiles.write(dir, "sizes.blk", "8192 100\n");
        String rc = String.join("\n",
                "# every variable",
                "LOAD=300",
                "INCR_LOAD=300   # a step",
                "NUM_RUNS=10",
                "NUM_PROCS=3",
                "CLIENTS=\"c1 c2\"",
                "MNT_POINTS='srv:/e1 srv:/e2 srv:/e3 srv:/e4 srv:/e5 srv:/e6'",
                "FS_PROTOCOL=NFS",
                "USERNAME=",
                "PASSWORD=",
                "DOMAIN=",
                "SFS_NFS_USER_ID=1234",
                "SFS_NFS_GROUP_ID=567",
                "TCP=on",
                "BIOD_MAX_READS=0",
                "BIOD_MAX_WRITES=32",
                "SFS_DIR=" + dir.toAbsolutePath().normalize(),
                "WORK_DIR=work",
                "PRIME_MON_SCRIPT=mon.sh",
                "PRIME_MON_ARGS=\"-i 5 --quiet\"",
                "WARMUP_TIME=60",
                "RUNTIME=120",
                "INIT_TIMEOUT=900",
                "BLOCK_SIZE=64K",
                "MIXFILE=mymix",
                "ACCESS_PCNT=50",
                "DEBUG=\"3,4,8-10\"",
                "APPEND_PCNT=50",
                "DIR_COUNT=40",
                "SYMLINK_COUNT=10",
                "PRIME_SLEEP=5",
                "PRIME_TIMEOUT=600",
                "IPV6_ENABLE=on",
                "DUMP=no",
                "POPULATE=0",
                "LAT_GRAPH=off",
                "WORKLOAD=mixfile",
                "FILESET_SCALE=0.25",
                "SAMPLE_INTERVAL=1",
                "AGENT_PORT=40000",
                "AGENT_START=ssh",
                "AGENT_TLS=off",
                "SSH_USER=bench",
                "SSH_PORT=2222",
                "SSH_IDENTITY=sizes.blk",
                "SSH_CONFIG=sizes.blk",
                "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "all_rc", rc));
        assertEquals(List.of(300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000), c.loads());
        assertFalse(c.loadIsList());
        assertEquals(300, c.incrLoad());
        assertEquals(10, c.numRuns());
        assertEquals(3, c.procs());
        assertEquals(List.of("c1", "c2"), c.clients());
        assertEquals(MountPointForm.PER_CLIENT_AND_PROC, c.mountPointForm());
        assertEquals("srv:/e4", c.mountPointsOf(1).get(0).text());
        assertEquals("srv", c.mountPointsOf(1).get(0).server());
        assertEquals("/e4", c.mountPointsOf(1).get(0).path());
        assertEquals(Backend.NFS, c.fsProtocol());
        assertEquals(1234, c.nfsUserId());
        assertEquals(567, c.nfsGroupId());
        assertEquals(0, c.biodMaxReads());
        assertEquals(32, c.biodMaxWrites());
        assertEquals(dir.toAbsolutePath().normalize(), c.sfsDir());
        assertEquals(new AgentAccess(AgentAccess.Start.SSH, "bench", 2222, dir.resolve("sizes.blk").toAbsolutePath()
                .normalize(), dir.resolve("sizes.blk").toAbsolutePath().normalize(), AgentAccess.Tls.OFF,
                dir.toAbsolutePath().normalize().toString(), List.of(), null), c.agentAccess());
        assertEquals(work.toAbsolutePath().normalize(), c.workDir());
        assertEquals(mon.toAbsolutePath().normalize(), c.primeMonScript());
        assertEquals(List.of("-i", "5", "--quiet"), c.primeMonArgs());
        assertEquals(60, c.warmupTime());
        assertEquals(120, c.runtime());
        assertEquals(900, c.initTimeout());
        assertEquals(65536, c.blockSize());
        assertEquals(work.resolve("mymix").toAbsolutePath().normalize(), c.mixFile());
        assertEquals(List.of("read", "lookup"), List.copyOf(c.mix().keySet()));
        assertEquals(Map.of("read", 60, "lookup", 40), c.mix());
        assertEquals(50, c.accessPcnt());
        assertEquals(List.of(3, 4, 8, 9, 10), List.copyOf(c.debugFlags()));
        assertEquals(List.of("DEBUG_PARENT_SIGNAL", "DEBUG_CHILD_ERROR", "DEBUG_CHILD_OPS", "DEBUG_CHILD_FILES",
                "DEBUG_CHILD_RPC"), c.debugFlagNames());
        assertEquals(50, c.appendPcnt());
        assertEquals(40, c.dirCount());
        assertEquals(10, c.symlinkCount());
        assertEquals(5, c.primeSleep());
        assertEquals(600, c.primeTimeout());
        assertTrue(c.ipv6Enable());
        assertEquals("mixfile", c.workload());
        assertEquals(0.25, c.filesetScale());
        assertEquals(1, c.sampleInterval());
        assertEquals(40000, c.agentPort());
        assertEquals("3", c.variables().get("NUM_PROCS"));
        assertEquals(45, c.variables().size());
        List<String> reasons = reasons(c);
        for (String word : List.of("DEBUG", "RUNTIME", "WARMUP_TIME", "FILESET_SCALE", "MIXFILE", "ACCESS_PCNT",
                "BIOD_MAX_READS", "DIR_COUNT", "SYMLINK_COUNT", "APPEND_PCNT")) {
            assertTrue(reasons.stream().anyMatch(r -> r.contains(word)), word + " missing from " + reasons);
        }
        // runtime, warmup, debug, fileset-scale, biod, mix, extensions (the last lists every non-default)
        assertEquals(7, reasons.size(), reasons.toString());
    }

    @Test
    void cifsCredentialsAreKeptButPasswordIsMasked() throws Exception {
        String rc = String.join("\n",
                "LOAD=\"40 80\"", "PROCS=2", "CLIENTS=\"localhost\"",
                "MNT_POINTS=\"\\\\127.0.0.1:4455\\share \\\\127.0.0.1:4455\\share\\sub\"",
                "FS_PROTOCOL=Cifs", "USERNAME=bench", "PASSWORD=\"s3cret pw\"", "DOMAIN=WORKGROUP", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "cifs_rc", rc));
        assertEquals(Backend.CIFS, c.fsProtocol());
        assertEquals("sfs2008-cifs", c.workload());
        assertEquals("bench", c.username());
        assertEquals("s3cret pw", c.password());
        assertEquals("WORKGROUP", c.domain());
        assertEquals(RunConfig.MASK, c.variables().get("PASSWORD"));
        assertFalse(c.toString().contains("s3cret"), c.toString());
        assertTrue(c.toString().contains(RunConfig.MASK), c.toString());
        MountPoint sub = c.mountPointsOf(0).get(1);
        assertEquals("127.0.0.1:4455", sub.server());
        assertEquals("share\\sub", sub.path());
    }

    @Test
    void passwordIsMaskedInErrorMessages() throws Exception {
        Path rc = RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL + "PASSWORD=hunter2\nPASSWORD=hunter3\n");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertFalse(e.getMessage().contains("hunter"), e.getMessage());
        assertTrue(e.getMessage().contains(":7: PASSWORD=********: set twice, at lines 6 and 7"), e.getMessage());
    }

    @Test
    void posixTakesLocalPathsAndIsNeverDisclosable() throws Exception {
        String rc = String.join("\n", "LOAD=\"100 200 300 400 500 600 700 800 900 1000\"", "PROCS=2",
                "CLIENTS=localhost", "MNT_POINTS=\"/tmp /var/tmp\"", "FS_PROTOCOL=posix", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "p_rc", rc));
        assertEquals(Backend.POSIX, c.fsProtocol());
        assertEquals("/var/tmp", c.mountPointsOf(0).get(1).path());
        assertEquals("", c.mountPointsOf(0).get(1).server());
        assertEquals(1, reasons(c).size(), reasons(c).toString());
        assertTrue(reasons(c).get(0).startsWith("extensions failed: used: FS_PROTOCOL=posix"), reasons(c).toString());
    }

    @Test
    void steadyWarmupIsCappedByWarmupMaxAndIsAnExtension() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "s_rc", RcFiles.MINIMAL + "WARMUP_TIME=Steady\nWARMUP_MAX=45\n"));
        assertTrue(c.steadyWarmup());
        assertEquals(45, c.warmupTime(), "plans and estimates take the cap, the worst case");
        assertTrue(reasons(c).stream().anyMatch(r -> r.contains("WARMUP_TIME=steady")), reasons(c).toString());
        RunConfig d = RcParser.parse(RcFiles.write(dir, "d_rc", RcFiles.MINIMAL + "WARMUP_TIME=steady\n"));
        assertEquals(300, d.warmupTime(), "WARMUP_MAX defaults to SPECsfs2008's warm-up");
        assertFalse(RcParser.parse(RcFiles.write(dir, "f_rc", RcFiles.MINIMAL)).steadyWarmup());
    }

    @Test
    void disclosableWhenEverythingIsAtTheDefaults() throws Exception {
        String rc = String.join("\n", "LOAD=100", "INCR_LOAD=100", "NUM_RUNS=10", "PROCS=4", "CLIENTS=localhost",
                "MNT_POINTS=\"h:/a h:/a h:/b h:/b\"", "TCP=1", "DEBUG=", "BLOCK_SIZE=32768", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "d_rc", rc));
        assertEquals(List.of(), reasons(c));
        assertEquals(List.of(), c.warnings());
        assertEquals(32768, c.blockSize());
    }

    @Test
    void decreasingLoadsAreNotDisclosableAndAnOffsetStartIsAWarning() throws Exception {
        String uneven = String.join("\n", "LOAD=100", "INCR_LOAD=200", "NUM_RUNS=10", "PROCS=1", "CLIENTS=h",
                "MNT_POINTS=h:/a", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "u_rc", uneven));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("LOAD=100 differs from INCR_LOAD=200")),
                c.warnings().toString());
        // 100, 300, ... 1900: equal steps, so the spacing rule passes
        assertEquals(List.of(), reasons(c));
        String down = String.join("\n", "LOAD=\"10 20 30 40 50 60 70 80 100 90\"", "PROCS=1", "CLIENTS=h",
                "MNT_POINTS=h:/a", "");
        RunConfig d = RcParser.parse(RcFiles.write(dir, "down_rc", down));
        assertEquals(List.of("load-spacing failed: point 10 requests 90 ops/s after 100: the loads do not increase"),
                reasons(d));
    }

    @Test
    void perProcRateAdviceIsAWarning() throws Exception {
        String rc = String.join("\n", "LOAD=\"16 4000\"", "PROCS=4", "CLIENTS=h", "MNT_POINTS=\"h:/a h:/a h:/a h:/a\"", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "w_rc", rc));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("lowest load point (16) gives 4 ops/s per proc")),
                c.warnings().toString());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("highest load point (4000) gives 1000 ops/s per proc")),
                c.warnings().toString());
    }

    @Test
    void cifsOnlyVariablesAreReportedWhenIgnored() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL + "USERNAME=bob\n"));
        assertEquals(List.of("USERNAME is used only with FS_PROTOCOL=cifs; ignored for nfs."), c.warnings());
    }

    @Test
    void commentsBlankLinesQuotesAndExportAreAccepted() throws Exception {
        String rc = "\n# comment\n   \nexport LOAD=\"50 100\"  # trailing\nPROCS=1 # procs\nCLIENTS='h1'\n"
                + "MNT_POINTS=h:/x\n";
        RunConfig c = RcParser.parse(RcFiles.write(dir, "c_rc", rc));
        assertEquals(List.of(50, 100), c.loads());
        assertEquals(List.of("h1"), c.clients());
    }

    @Test
    void carriageReturnsAreRefusedWithTheFix() {
        Path rc = RcFiles.write(dir, "dos_rc", RcFiles.MINIMAL.replace("\n", "\r\n"));
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().startsWith(rc.toAbsolutePath() + ":1: "), e.getMessage());
        assertTrue(e.getMessage().contains("requires Unix line ends"), e.getMessage());
        assertTrue(e.getMessage().contains("sed -i 's/\\r$//' " + rc.toAbsolutePath()), e.getMessage());
    }

    @Test
    void carriageReturnOnALaterLineNamesThatLine() {
        Path rc = RcFiles.write(dir, "dos_rc", RcFiles.MINIMAL + "RUNTIME=300\r\n");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertEquals(6, e.line());
    }

    @Test
    void missingRcFileIsAnError() {
        Path rc = dir.resolve("nope_rc");
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(rc));
        assertTrue(e.getMessage().startsWith(rc.toAbsolutePath() + ": no such rc file"), e.getMessage());
    }

    @Test
    void configIsImmutable() throws Exception {
        RunConfig c = RcParser.parse(RcFiles.write(dir, "sfs_rc", RcFiles.MINIMAL));
        assertThrows(UnsupportedOperationException.class, () -> c.loads().add(1));
        assertThrows(UnsupportedOperationException.class, () -> c.variables().put("X", "1"));
        assertThrows(UnsupportedOperationException.class, () -> c.mountPointsOf(0).clear());
        assertThrows(UnsupportedOperationException.class, () -> c.warnings().add("x"));
    }

    @Test
    void mixFileWithPosixIsAcceptedAndImpliesMixfileWorkload() throws Exception {
        RcFiles.write(dir, "m", "SFS MIXFILE VERSION 2\nread 100%\n");
        String rc = String.join("\n", "LOAD=\"20 40\"", "PROCS=1", "CLIENTS=h", "MNT_POINTS=/tmp/x",
                "FS_PROTOCOL=posix", "MIXFILE=m", "");
        RunConfig c = RcParser.parse(RcFiles.write(dir, "mp_rc", rc));
        assertEquals("mixfile", c.workload());
        assertEquals(Map.of("read", 100), c.mix());
    }

    @Test
    void mixFileWithCifsIsRefused() {
        RcFiles.write(dir, "m", "SFS MIXFILE VERSION 2\nread 100%\n");
        String rc = String.join("\n", "LOAD=\"20 40\"", "PROCS=1", "CLIENTS=h", "MNT_POINTS=\\\\h\\s",
                "FS_PROTOCOL=cifs", "USERNAME=u", "PASSWORD=p", "MIXFILE=m", "");
        Path p = RcFiles.write(dir, "mc_rc", rc);
        RcException e = assertThrows(RcException.class, () -> RcParser.parse(p));
        assertTrue(e.getMessage().startsWith(p.toAbsolutePath() + ":8: MIXFILE=m: a mix file is available only for NFS"),
                e.getMessage());
    }
}
