package org.sfsbench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/** Short, non-disclosable rc files for end-to-end runs (small file set, 1 s sampling, a free agent port). */
final class TestRc {
    private TestRc() {
    }

    static Path write(Path dir, String protocol, String clients, int procs, String mountPoints, String loads, int warmup,
            int runtime, String extra) throws IOException {
        int port = 21000 + ThreadLocalRandom.current().nextInt(20000);
        Path rc = dir.resolve("sfs_rc");
        Files.writeString(rc, String.join("\n",
                "# written by an sfsbench end-to-end test",
                "FS_PROTOCOL=" + protocol,
                "CLIENTS=\"" + clients + "\"",
                "PROCS=" + procs,
                "MNT_POINTS=\"" + mountPoints + "\"",
                "LOAD=\"" + loads + "\"",
                "WARMUP_TIME=" + warmup,
                "RUNTIME=" + runtime,
                "FILESET_SCALE=0.0002",
                "SAMPLE_INTERVAL=1",
                "AGENT_PORT=" + port,
                extra,
                ""), StandardCharsets.UTF_8);
        return rc;
    }
}
