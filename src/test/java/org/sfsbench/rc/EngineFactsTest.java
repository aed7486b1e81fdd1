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
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineException;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.engine.EngineCatalog.Key;
import org.sfsbench.manager.TargetMix;
import org.sfsbench.stats.OpNames;
import org.sfsbench.testsupport.GuideTables;

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
        // the guide's MIXFILE names, then its CIFS table: the op ids of every result file
        List<String> guide = new java.util.ArrayList<>(GuideTables.MIXFILE_OPS);
        guide.addAll(GuideTables.CIFS_OPS);
        assertEquals(guide, c.opNames());
        for (String w : c.rcWorkloads()) {
            assertNotNull(c.workload(w).description(), w);
        }
        assertTrue(c.rcWorkloads().containsAll(List.of("sfs2008-nfs", "sfs2008-cifs", "mixfile")));
        for (String w : c.rcWorkloads()) {   // WORKING_SET workloads as the engine flags them
            assertEquals(c.workload(w).dataset(), TopSpeed.isDataset(w), w);
        }
        assertTrue(TopSpeed.isDataset("seqwrite") && !TopSpeed.isDataset("sfs2008-nfs"));
        RunConfig nfs = parse(RcFiles.MINIMAL);
        Map<Integer, Double> mix = TargetMix.of(nfs, OpNames.canonical());
        assertEquals(c.workload("sfs2008-nfs").standardMix(), mix);
        Map<Integer, Double> nfsGuide = new java.util.HashMap<>();
        GuideTables.NFS_MIX.forEach((op, percent) -> nfsGuide.put(c.opNames().indexOf(op), percent));
        assertEquals(nfsGuide, mix);
        Map<Integer, Double> cifsGuide = new java.util.HashMap<>();
        for (int i = 0; i < GuideTables.CIFS_OPS.size(); i++) {
            cifsGuide.put(c.opNames().indexOf(GuideTables.CIFS_OPS.get(i)), GuideTables.CIFS_MIX.get(i));
        }
        assertEquals(cifsGuide, c.workload("sfs2008-cifs").standardMix());
        assertEquals(GuideTables.MIXFILE_OPS, MixFile.OP_NAMES);
    }

    @Test
    void smbClientsAreTheSmbBackendsOwnChoices() throws Exception {
        Key key = Backend.CIFS.info().option("smb_client");
        assertEquals(EngineCatalog.KeyType.CHOICE, key.type());
        assertEquals(key.choices(), RcParser.smbClients());
        assertTrue(key.choices().containsAll(List.of("libsmb2", "libsmbclient")), key.choices().toString());
        String cifs = RcFiles.MINIMAL.replace("FS_PROTOCOL=nfs", "FS_PROTOCOL=cifs")
                .replace("127.0.0.1:/a 127.0.0.1:/b", "\\\\h\\a \\\\h\\b") + "USERNAME=u\nPASSWORD=p\n";
        for (String client : key.choices()) {
            assertEquals(client, parse(cifs + "SMB_CLIENT=" + client + "\n").smbClient());
            // the engine takes every word it publishes
            assertFalse(Engine.targetMix("backend=smb\nsmb_client=" + client + "\ntarget.0=-\n").isEmpty());
        }
        RcException x = assertThrows(RcException.class, () -> parse(cifs + "SMB_CLIENT=libsmb3\n"));
        assertTrue(x.getMessage().contains(String.join(", ", key.choices())), x.getMessage());
        EngineException e = assertThrows(EngineException.class,
                () -> Engine.targetMix("backend=smb\nsmb_client=libsmb3\ntarget.0=-\n"));
        assertTrue(e.getMessage().contains("smb_client"), e.getMessage());
    }

    @Test
    void filesetScaleRangeIsTheEngineKeys() throws Exception {
        Key key = EngineCatalog.get().key("fileset_scale");
        assertEquals(EngineCatalog.KeyType.NUM, key.type());
        assertEquals(key.min(), parse(RcFiles.MINIMAL + "FILESET_SCALE=" + key.min() + "\n").filesetScale());
        assertEquals(key.max(), parse(RcFiles.MINIMAL + "FILESET_SCALE=" + key.max() + "\n").filesetScale());
        for (double outside : List.of(key.min() / 2, key.max() * 2)) {
            RcException x = assertThrows(RcException.class,
                    () -> parse(RcFiles.MINIMAL + "FILESET_SCALE=" + outside + "\n"));
            assertTrue(x.getMessage().contains(java.math.BigDecimal.valueOf(key.min()).stripTrailingZeros()
                    .toPlainString()), x.getMessage());
            // and the engine refuses the same value
            assertThrows(EngineException.class,
                    () -> Engine.targetMix("fileset_scale=" + outside + "\ntarget.0=-\n"));
        }
    }

    @Test
    void topSpeedSizeLimitsAreTheEngineKeys() throws Exception {
        String base = String.join("\n", "LOAD=max", "CLIENTS=\"a\"", "MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"",
                "FS_PROTOCOL=nfs", "WORKLOAD=randread", "PROCS=2", "");
        long xfer = EngineCatalog.get().key("xfer_size").maxLong();
        long ws = EngineCatalog.get().key("working_set").maxLong();
        RunConfig c = parse(base + "XFER_SIZE=" + xfer + "\nWORKING_SET=" + ws + "\n");
        assertEquals(xfer, c.topSpeed().xferSize());
        assertEquals(ws, c.topSpeed().workingSet());
        for (String over : List.of("XFER_SIZE=" + (xfer + 1) + "\nWORKING_SET=1G\n",
                "XFER_SIZE=4K\nWORKING_SET=" + (ws + 1) + "\n")) {
            RcException x = assertThrows(RcException.class, () -> parse(base + over), over);
            assertTrue(x.getMessage().contains(" to " + (over.startsWith("XFER_SIZE=4K") ? ws : xfer) + " bytes"),
                    x.getMessage());
        }
    }

    @Test
    void loadfileClientsPerHostAreTheEnginesProcs() throws Exception {
        long procs = EngineCatalog.get().key("procs").maxLong();
        RcFiles.write(dir, "client.txt", "NTCreateX \"\\a\" 0x0 0x2 7 NT_STATUS_OK\nClose 7 NT_STATUS_OK\n");
        String rc = String.join("\n", "WORKLOAD=loadfile", "LOADFILE=client.txt", "CLIENTS=\"localhost\"",
                "FS_PROTOCOL=posix", "MNT_POINTS=\"" + dir + "\"", "");
        assertEquals(List.of((int) procs), parse(rc + "CLIENT_COUNTS=" + procs + "\n").loadfile().clientCounts());
        RcException x = assertThrows(RcException.class, () -> parse(rc + "CLIENT_COUNTS=" + (procs + 1) + "\n"));
        assertTrue(x.getMessage().contains("from 1 to " + procs), x.getMessage());
    }

    @Test
    void seqwriteMixIsTheEnginesForTheRcSizes() throws Exception {
        String base = String.join("\n", "LOAD=max", "CLIENTS=\"a\"", "MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"",
                "FS_PROTOCOL=nfs", "WORKLOAD=seqwrite", "PROCS=2", "XFER_SIZE=1M", "");
        // 64 MiB over 2 files: 32 transfers per file, then remove and create
        Map<Integer, Double> mix = TargetMix.of(parse(base + "WORKING_SET=64M\n"), OpNames.canonical());
        OpNames n = OpNames.canonical();
        assertEquals(100.0 * 31 / 34, mix.get(n.id("wrcache")), 1e-9);
        for (String op : List.of("write", "remove", "create")) {
            assertEquals(100.0 / 34, mix.get(n.id(op)), 1e-9, op);
        }
        assertEquals(4, mix.size());
        // FILE_COUNT changes the files and so the mix: 64 MiB over 8 files of 8 transfers
        Map<Integer, Double> eight = TargetMix.of(parse(base + "WORKING_SET=64M\nFILE_COUNT=8\n"), n);
        assertEquals(100.0 * 7 / 10, eight.get(n.id("wrcache")), 1e-9);
        // the other data-set workloads' target mix is their catalog mix
        for (String w : List.of("randread", "seqread")) {
            assertEquals(EngineCatalog.get().workload(w).standardMix(),
                    TargetMix.of(parse(base.replace("seqwrite", w) + "WORKING_SET=64M\n"), n), w);
        }
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
