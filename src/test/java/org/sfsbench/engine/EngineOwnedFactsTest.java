package org.sfsbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.sfsbench.stats.LatencyHistogram;

/** What Java computes or asks in the engine's name agrees with the loaded engine. */
class EngineOwnedFactsTest {

    @Test
    void histogramGeometryIsTheEnginesForEveryBucket() {
        assertEquals(EngineFacts.integer("SFS_HIST_BUCKETS"), LatencyHistogram.BUCKETS);
        for (int i = 0; i < LatencyHistogram.BUCKETS; i++) {
            long lower = NativeEngine.sfs_engine_hist_lower(i);
            assertEquals(lower, LatencyHistogram.lowerBound(i), "lower bound of bucket " + i);
            assertEquals(i, LatencyHistogram.bucketOf(lower), "bucket of " + lower + " us");
            if (i < LatencyHistogram.BUCKETS - 1) {
                long top = NativeEngine.sfs_engine_hist_lower(i + 1) - 1;
                assertEquals(top, lower + LatencyHistogram.width(i) - 1, "width of bucket " + i);
                assertEquals(i, LatencyHistogram.bucketOf(top), "bucket of " + top + " us");
            }
        }
        long last = NativeEngine.sfs_engine_hist_lower(LatencyHistogram.BUCKETS - 1);
        assertEquals(LatencyHistogram.BUCKETS - 1, LatencyHistogram.bucketOf(last * 4), "past the last bucket");
    }

    @Test
    void everyRulesKindHasTheEnginesNumberAndEveryWorkloadOne() {
        Set<Integer> seen = new java.util.HashSet<>();
        for (WorkloadRules r : WorkloadRules.values()) {
            int v = EngineFacts.integer("SFS_RULES_" + r.name());
            assertEquals(r, WorkloadRules.ofEngine(v, "test"));
            assertTrue(seen.add(v), "two rules kinds share " + v);
        }
        for (EngineCatalog.Workload w : EngineCatalog.get().workloads().values()) {
            assertEquals(w.rules(), WorkloadRules.ofEngine(NativeEngine.sfs_engine_workload_rules(
                    List.copyOf(EngineCatalog.get().workloads().keySet()).indexOf(w.name())), w.name()));
        }
        assertThrows(IllegalStateException.class, () -> WorkloadRules.ofEngine(0, "w"));
    }

    @Test
    void theOpsThatMoveDataAreTheEngines() {
        EngineCatalog c = EngineCatalog.get();
        List<String> reads = new ArrayList<>();
        List<String> writes = new ArrayList<>();
        for (int op = 0; op < c.opNames().size(); op++) {
            assertFalse(c.readsData(op) && c.writesData(op), c.opNames().get(op));
            if (c.readsData(op)) {
                reads.add(c.opNames().get(op));
            }
            if (c.writesData(op)) {
                writes.add(c.opNames().get(op));
            }
        }
        assertEquals(List.of("read", "read_andx"), reads.stream().map(String::toLowerCase).toList());
        assertEquals(List.of("wrcache", "write", "write_andx"), writes.stream().map(String::toLowerCase).sorted().toList());
        assertFalse(c.readsData(-1));
        assertFalse(c.writesData(c.opNames().size()));
    }

    @Test
    void capabilitiesAnswerWhatNamesUsedTo() {
        assertTrue(Backend.CIFS.needsCredentials());
        for (Backend b : Backend.values()) {
            assertEquals(b == Backend.CIFS, b.needsCredentials(), b.rcName());
            assertEquals(b == Backend.POSIX, b.has(EngineCatalog.CAP_LOCAL_FS), b.rcName());
            assertEquals(b == Backend.NFS, b.has(EngineCatalog.CAP_NFS_RPC), b.rcName());
            assertEquals(b == Backend.NFS || b == Backend.CIFS, b.has(EngineCatalog.CAP_NETWORK), b.rcName());
        }
        // the credentials the capability stands for are the backend's own options
        EngineCatalog.BackendInfo smb = Backend.CIFS.info();
        assertTrue(smb.option("username") != null && smb.option("password") != null);
    }

    @Test
    void aConfigTakesOnlyKeysTheEngineDeclares() {
        EngineConfig c = new EngineConfig().set("procs", 2).set("target.0", "/tmp/x").set("block_size", 4096);
        assertEquals("2", c.get("procs"));
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> c.set("proc", 2));
        assertTrue(x.getMessage().contains("'proc'"), x.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.set("target.x", "/tmp"));
    }
}
