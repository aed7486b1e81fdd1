package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.rc.RcParser;
import org.sfsbench.rc.RcFiles;

/** {@code sfs plan} says whether the total working set (per client x clients) is meant to fit the server's cache. */
class TopSpeedPlanTextTest {
    @TempDir
    Path dir;

    private String plan(String workingSet, String serverCache) throws Exception {
        return TopSpeedPlanText.of(RcParser.parse(RcFiles.write(dir, "rc", String.join("\n", "LOAD=max",
                "CLIENTS=\"a b\"", "MNT_POINTS=\"127.0.0.1:/a 127.0.0.1:/b\"", "FS_PROTOCOL=nfs", "WORKLOAD=randread",
                "PROCS=2", "WORKING_SET=" + workingSet, serverCache == null ? "" : "SERVER_CACHE=" + serverCache, ""))),
                1000).replaceAll(" +", " ");
    }

    @Test
    void cachedUncachedOrNeither() throws Exception {
        String cached = plan("2G", "4G");
        assertTrue(cached.contains("2 GiB per client, 4 GiB in all (2 files of 1 GiB per client)"), cached);
        assertTrue(cached.contains("server cache 4 GiB: the working set fits (a cached read)"), cached);
        String uncached = plan("8G", "4G");
        assertTrue(uncached.contains("server cache 4 GiB: the working set is 4.0 x the cache (an uncached read"),
                uncached);
        String partly = plan("3G", "4G");
        assertTrue(partly.contains("1.5 x the cache (partly cached: neither"), partly);
        String unknown = plan("3G", null);
        assertTrue(unknown.contains("SERVER_CACHE not set: the plan cannot say whether the working set fits"), unknown);
    }
}
