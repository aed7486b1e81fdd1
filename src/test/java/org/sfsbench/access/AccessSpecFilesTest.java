package org.sfsbench.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Access-spec files and Iometer .icf files (fixtures in src/test/resources/access). */
class AccessSpecFilesTest {
    @TempDir
    Path tmp;

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(AccessSpecFilesTest.class.getResource("/access/" + name).toURI());
    }

    @Test
    void specFileWithBuiltinsAndOwnLines() throws Exception {
        List<AccessSpec> specs = SpecFileParser.parse(fixture("specs.txt"));
        assertEquals(List.of("File Server", "Web Server", "mixed"), specs.stream().map(AccessSpec::name).toList());
        assertEquals(8, specs.get(0).lines().size());
        assertEquals(10, specs.get(1).lines().size());
        AccessSpec mixed = specs.get(2);
        assertEquals(new AccessLine(4096, 60, 80, 100, 0, 1, 0, 0), mixed.lines().get(0));
        assertEquals(new AccessLine(65536, 40, 50, 0, 5, 4, 0, 0), mixed.lines().get(1));
        assertEquals("4096,60,80,100,0,1,0,0;65536,40,50,0,5,4,0,0", mixed.engineText());
        assertEquals(68.0, mixed.readPct(), 1e-9);
    }

    @Test
    void builtinsFollowThePaper() {
        for (AccessSpec s : BuiltinSpecs.all()) {
            assertEquals(null, s.problem(), s.name());
        }
        assertEquals(new AccessLine(8192, 100, 67, 100, 0, 1, 0, 0), BuiltinSpecs.named("oltp").lines().get(0));
        assertEquals(new AccessLine(8192, 100, 80, 80, 0, 1, 0, 0), BuiltinSpecs.named("Workstation").lines().get(0));
        assertEquals(80.0, BuiltinSpecs.named("File Server").readPct(), 1e-9);
    }

    private String specError(String text) throws IOException {
        Path f = tmp.resolve("bad.txt");
        Files.writeString(f, text);
        return assertThrows(AccessSpecException.class, () -> SpecFileParser.parse(f)).getMessage();
    }

    @Test
    void theEnginesLimitsHoldAtPlanTime() throws Exception {
        // the access workload takes at most 64 lines (SFS_ACCESS_MAX_LINES); agents refused more
        StringBuilder many = new StringBuilder("[many]\n");
        for (int i = 0; i < 65; i++) {
            many.append(i < 35 ? "4k 2 50 50\n" : "8k 1 50 50\n");
        }
        assertTrue(specError(many.toString()).matches(".*bad.txt:1: .*'many': more than 64 lines"),
                specError(many.toString()));
        assertTrue(specError("[a]\n2m 100 80 100\n").matches(".*bad.txt:2: size '2097152' is not an integer 0..1048576"),
                specError("[a]\n2m 100 80 100\n"));
        assertTrue(specError("[a]\n4k 100 80 100 0 1000001 0 0\n").matches(".*bad.txt:2: burst '1000001'.*"),
                specError("[a]\n4k 100 80 100 0 1000001 0 0\n"));
    }

    @Test
    void specFileErrorsNameFileAndLine() throws Exception {
        assertTrue(specError("[a]\n4k 60 80 100\n512 30 80 100\n").matches(".*bad.txt:1: .*add up to 90.*"));
        assertTrue(specError("[a]\n\n4k 100 80\n").matches(".*bad.txt:3: 3 fields.*"));
        assertTrue(specError("4k 100 80 100\n").matches(".*bad.txt:1: an access line before.*"));
        assertTrue(specError("[a]\n4q 100 80 100\n").matches(".*bad.txt:2: size '4q'.*"));
        assertTrue(specError("[a]\n4k 100 180 100\n").matches(".*bad.txt:2: % read '180' is not an integer 0..100"));
        assertTrue(specError("[a]\n4k 100 80 100 0 1 0 512\n").matches(".*bad.txt:2: reply size 512.*network.*"));
        assertTrue(specError("[a]\n2m 100 80 100\n").matches(".*bad.txt:2: size '2097152' is not an integer 0..1048576"));
        assertTrue(specError("[nope]\n").matches(".*bad.txt:1: \\[nope\\] has no lines and is not a built-in.*"));
        assertTrue(specError("[a]\n4k 100 80 100\n[A]\n4k 100 80 100\n").matches(".*bad.txt:3: .*twice.*"));
    }

    @Test
    void icf2006QueueDepthCycling() throws Exception {
        Path f = fixture("queue_cycle_2006.icf");
        assertTrue(IcfParser.looksLikeIcf(f));
        IcfConfig c = IcfParser.parse(f, 1, 2);
        assertEquals("2006.07.27", c.version());
        assertEquals("OLTP queue sweep", c.description());
        assertEquals(List.of("OLTP 8K", "Seq 64K write"), c.specs().stream().map(AccessSpec::name).toList());
        assertEquals(new AccessLine(65536, 100, 0, 0, 0, 1, 0, 0), c.specs().get(1).lines().get(0));
        assertEquals(List.of(1, 2, 4, 8, 16, 32), c.queueDepths());
        assertEquals(List.of(Active.workers(2)), c.active());
        assertEquals(1, c.rampUpSeconds());
        assertEquals(3, c.runSeconds());
        assertEquals(32768L * 512, c.regionBytes());
        assertEquals(8L * 512, c.startOffset());
        AccessTest t = new AccessTest(f.toString(), c.specs(), c.queueDepths(), c.active(), 1, 3,
                c.regionBytes(), c.startOffset(), false, false);
        assertEquals(12, t.steps().size());
        assertEquals("Seq 64K write, 32 outstanding I/Os, 2 workers per client", t.steps().get(11).label());
    }

    @Test
    void icf110WorkerCyclingSeveralManagers() throws Exception {
        IcfConfig c = IcfParser.parse(fixture("workers_1.1.0.icf"), 2, 4);
        assertEquals("1.1.0", c.version());
        assertEquals(List.of(Active.workers(1), Active.workers(2), Active.workers(4)), c.active());
        assertEquals(List.of(4), c.queueDepths());
        assertEquals(60, c.runSeconds());
        assertEquals(30, c.rampUpSeconds());
        assertEquals(0, c.regionBytes());
        assertEquals(new AccessLine(4096, 70, 100, 100, 10, 8, 4096, 0), c.specs().get(0).lines().get(0));
    }

    /** Iometer's combined type with one target per worker is exactly its queue-depth cycle. */
    @Test
    void cycleOutstandingIosAndTargetsWithOneTargetPerWorkerIsAQueueCycle() throws Exception {
        Path f = tmp.resolve("qt.icf");
        Files.writeString(f, Files.readString(fixture("queue_cycle_2006.icf"), java.nio.charset.StandardCharsets.ISO_8859_1)
                .replace("\tCYCLE_OUTSTANDING_IOS\r", "\tCYCLE_OUTSTANDING_IOS_AND_TARGETS\r"),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1).contains("_AND_TARGETS"));
        IcfConfig c = IcfParser.parse(f, 1, 2);
        IcfConfig q = IcfParser.parse(fixture("queue_cycle_2006.icf"), 1, 2);
        assertEquals(q.queueDepths(), c.queueDepths());
        assertEquals(q.active(), c.active());
        assertEquals(List.of(Active.workers(2)), c.active());
    }

    /** 2 workers x 3 targets: 6 procs, target-major; each target count runs the queue-depth cycle. */
    @Test
    void targetCyclingAddsATargetToEveryWorkerPerStep() throws Exception {
        IcfConfig c = IcfParser.parse(fixture("targets_1.1.0.icf"), 1, 6);
        assertEquals(List.of(1, 4), c.queueDepths());
        assertEquals(List.of(new Active(2, 2), new Active(2, 4), new Active(2, 6)), c.active());
        AccessTest t = new AccessTest("t", c.specs(), c.queueDepths(), c.active(), 0, 1, c.regionBytes(), 0, false,
                false);
        assertEquals(6, t.steps().size());
        assertEquals("Small random, 4 outstanding I/Os, 2 workers, 4 targets per client", t.steps().get(3).label());
        assertTrue(t.steps().get(3).engineChanges().startsWith("active=4\n"));
        String text = Files.readString(fixture("targets_1.1.0.icf"));
        Path g = tmp.resolve("ct.icf");
        Files.writeString(g, text.replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "CYCLE_TARGETS"));
        assertEquals(List.of(new Active(2, 2), new Active(2, 4), new Active(2, 6)), IcfParser.parse(g, 1, 6).active());
        Files.writeString(g, text.replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "INCREMENT_TARGETS_PARALLEL")
                .replace("\t1          1          LINEAR\n'Queue", "\t2          2          LINEAR\n'Queue"));
        assertEquals(List.of(new Active(1, 2), new Active(2, 4), new Active(2, 6)), IcfParser.parse(g, 1, 6).active());
        Files.writeString(g, text.replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "1"));   // the number of CYCLE_TARGETS
        assertEquals(3, IcfParser.parse(g, 1, 6).active().size());
        Files.writeString(g, text.replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "CYCLE_WORKERS"));
        assertEquals(List.of(new Active(1, 3), new Active(2, 6)), IcfParser.parse(g, 1, 6).active());
        Files.writeString(g, text.replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "CYCLE_WORKERS_AND_TARGETS"));
        String why = assertThrows(AccessSpecException.class, () -> IcfParser.parse(g, 1, 6)).getMessage();
        assertTrue(why.matches(".*ct.icf:26: test type CYCLE_WORKERS_AND_TARGETS runs n workers with k targets.*"), why);
        why = assertThrows(AccessSpecException.class, () -> IcfParser.parse(fixture("targets_1.1.0.icf"), 1, 2))
                .getMessage();
        assertTrue(why.contains("has 2 disk worker(s) with 3 target(s) each, but PROCS=2"), why);
    }

    private String icfError(String fixture, int clients, int procs, String from, String to) throws Exception {
        String text = Files.readString(fixture(fixture), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(text.contains(from), from);
        Path f = tmp.resolve("bad.icf");
        Files.writeString(f, text.replace(from, to), java.nio.charset.StandardCharsets.ISO_8859_1);
        return assertThrows(AccessSpecException.class, () -> IcfParser.parse(f, clients, procs)).getMessage();
    }

    @Test
    void icfErrorsNameLineAndReason() throws Exception {
        String q = "queue_cycle_2006.icf";
        assertTrue(icfError(q, 2, 2, "OLTP", "OLTP").matches(".*bad.icf:\\d+: 1 manager\\(s\\), but the rc file has 2.*"));
        assertTrue(icfError(q, 1, 3, "OLTP", "OLTP").matches(".*has 2 disk worker\\(s\\) with 1 target\\(s\\) each,"
                + " but PROCS=3.*"));
        assertTrue(icfError(q, 1, 2, "8192,100,67,100,0,1,0,0", "8192,100,67,100,0,1,0,1024")
                .matches(".*bad.icf:38: reply size 1024.*"));
        assertTrue(icfError(q, 1, 2, "8192,100,67,100,0,1,0,0", "8192,90,67,100,0,1,0,0")
                .matches(".*bad.icf:36: .*add up to 90.*"));
        assertTrue(icfError(q, 1, 2, "\t1,DISABLED,1\r\n'Disk maximum size,starting sector\r\n\t32768,8\r\n'End default"
                + " target settings for worker\r\n'Assigned access specs\r\n\tOLTP 8K\r\n\tSeq 64K write\r\n'End assigned"
                + " access specs\r\n'Target assignments\r\n'Target\r\n\tE:", "\t1,ENABLED,1\r\n'Disk maximum size,"
                + "starting sector\r\n\t32768,8\r\n'End default target settings for worker\r\n'Assigned access specs\r\n"
                + "\tOLTP 8K\r\n\tSeq 64K write\r\n'End assigned access specs\r\n'Target assignments\r\n'Target\r\n\tE:")
                .matches(".*test connection rate is ENABLED.*"));
        assertTrue(icfError(q, 1, 2, "'Target type\r\n\tDISK\r\n'End target\r\n'End target assignments\r\n'End worker\r\n'End manager",
                "'Target type\r\n\tDISK\r\n'End target\r\n'Target\r\n\tF:\r\n'Target type\r\n\tDISK\r\n'End target\r\n"
                        + "'End target assignments\r\n'End worker\r\n'End manager")
                .matches(".*worker 'Worker 2' differs from worker 'Worker 1'.*number of targets.*"));
        assertTrue(icfError(q, 1, 2, "\tSeq 64K write\r\n'End assigned access specs\r\n'Target assignments\r\n'Target\r\n\tE:",
                "'End assigned access specs\r\n'Target assignments\r\n'Target\r\n\tE:")
                .matches(".*worker 'Worker 2' differs from worker 'Worker 1'.*"));
        assertTrue(icfError("workers_1.1.0.icf", 2, 4, "\t0,0,0", "\t0,0,2").matches(".*data pattern 2.*"));
        assertTrue(icfError(q, 1, 2, "Version 2006.07.27", "Versoin 2006").matches(".*bad.icf:1: .*version line.*"));
    }
}
