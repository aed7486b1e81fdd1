package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.EngineCatalog.Key;
import org.sfsbench.manager.TargetMix;
import org.sfsbench.stats.OpNames;

/** The rc parser enforces the engine's own ranges, and the names and mixes Java uses are the engine's. */
class EngineFactsTest {
    @TempDir
    Path dir;

    private RunConfig parse(String body) throws RcException {
        return RcParser.parse(RcFiles.write(dir, "sfs_rc", body));
    }

    private static String with(String variable, long value) {
        String m = RcFiles.MINIMAL;
        return m.contains(variable + "=") ? m.replaceFirst(variable + "=\\d+", variable + "=" + value)
                : m + variable + "=" + value + "\n";
    }

    @Test
    void everyEngineKeyOfTheRcHasTheEnginesRange() throws Exception {
        assertFalse(RcParser.ENGINE_KEYS.isEmpty());
        for (Map.Entry<String, String> e : RcParser.ENGINE_KEYS.entrySet()) {
            String variable = e.getKey();
            Key key = EngineCatalog.get().key(e.getValue());
            assertEquals(EngineCatalog.KeyType.INT, key.type(), e.getValue());
            String allowed = "a whole number from " + key.minLong() + " to " + key.maxLong();
            for (long outside : List.of(key.minLong() - 1, key.maxLong() + 1)) {
                RcException x = assertThrows(RcException.class, () -> parse(with(variable, outside)),
                        variable + "=" + outside);
                assertTrue(x.getMessage().contains(allowed), x.getMessage());
            }
            if (!variable.equals("PROCS")) { // PROCS also fixes the number of mount points
                parse(with(variable, key.minLong()));
                parse(with(variable, key.maxLong()));
            }
        }
    }

    @Test
    void dirCountHasOneOwner() throws Exception {
        Key dirCount = EngineCatalog.get().key("dir_count");
        assertEquals(dirCount.maxLong(), parse(with("DIR_COUNT", dirCount.maxLong())).dirCount());
        assertEquals(Long.parseLong(dirCount.defaultValue()), parse(RcFiles.MINIMAL).dirCount());
    }

    @Test
    void blockSizeLimitIsTheEngines() throws Exception {
        long max = EngineCatalog.get().key("block_size").maxLong();
        assertEquals(max, parse(RcFiles.MINIMAL + "BLOCK_SIZE=" + max + "\n").blockSize());
        RcException x = assertThrows(RcException.class, () -> parse(RcFiles.MINIMAL + "BLOCK_SIZE=" + 2 * max + "\n"));
        assertTrue(x.getMessage().contains("512 to " + max + " bytes"), x.getMessage());
    }

    @Test
    void workloadNamesOpNamesAndMixesComeFromTheEngine() throws Exception {
        EngineCatalog c = EngineCatalog.get();
        assertEquals(c.opNames(), List.of(OpNames.canonical().toArray()));
        for (String w : c.rcWorkloads()) {
            assertNotNull(c.workload(w).description(), w);
        }
        assertTrue(c.rcWorkloads().containsAll(List.of("sfs2008-nfs", "sfs2008-cifs", "mixfile")));
        RunConfig nfs = parse(RcFiles.MINIMAL);
        Map<Integer, Double> mix = TargetMix.of(nfs, OpNames.canonical());
        assertEquals(c.workload("sfs2008-nfs").standardMix(), mix);
        assertEquals(100.0, mix.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
        assertEquals(100.0, c.workload("sfs2008-cifs").standardMix().values().stream()
                .mapToDouble(Double::doubleValue).sum(), 1e-9);
        assertEquals(MixFile.OP_NAMES, c.opNames().subList(0, 24));
    }

    @Test
    void everyDescriptorEntryNamesABackendOfTheEngineAndItsStandardWorkload() {
        for (Backend b : Backend.values()) {
            EngineCatalog.BackendInfo info = b.info();
            assertNotNull(info, b + ": this build has no engine backend " + b.engineName());
            assertTrue(EngineCatalog.get().workload(info.standardWorkload()).runsOn().contains(b.engineName()),
                    b + " runs its standard workload");
            assertEquals(b, Backend.fromSfssum(b.sfssumName()));
            assertEquals(b, Backend.fromRc(b.rcName().toUpperCase(java.util.Locale.ROOT)));
        }
    }

    @Test
    void nullBackendTakesAnyNameAndIsNeverDisclosable() throws Exception {
        RunConfig c = parse(RcFiles.MINIMAL.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=null")
                .replace("127.0.0.1:/a 127.0.0.1:/b", "anything x1"));
        assertEquals(Backend.NULL, c.fsProtocol());
        List<String> reasons = org.sfsbench.results.RunRules.reasons(org.sfsbench.plan.RunPlan.from(c).ruleChecks());
        assertTrue(reasons.stream().anyMatch(r -> r.contains(Backend.NULL.nonDisclosableReason())), reasons.toString());
    }
}
