package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short replay of one loadfile of src/test/resources/field through the engine's sfsload driver:
 * one client, two passes, RUN of 2 s; every expected status must be met.
 */
public final class LoadfileReplay {
    private static final Pattern TOTAL = Pattern.compile("total ops=(\\d+) .* errors=(\\d+)");

    private LoadfileReplay() {
    }

    /**
     * @param backendLines engine keys of the backend and its target (backend=, target.0=, credentials)
     * @param name         the loadfile, relative to src/test/resources/field
     * @return the ops the replay issued (errors are 0, or the test has failed)
     */
    public static long replay(Path work, String backendLines, String name) throws Exception {
        Path home = Sfs.home();
        Path cfg = work.resolve(name.replace('/', '_') + ".cfg");
        Files.writeString(cfg, backendLines + "\n" + String.join("\n", "workload=loadfile", "loadfile="
                + home.resolve("src/test/resources/field/" + name), "loadfile_passes=2", "procs=1", "root=lf", ""),
                StandardCharsets.UTF_8);
        Path sfsload = home.resolve("target/native/sfsload");
        ChildProcess.Result r = ChildProcess.run(List.of(sfsload.toString(), "-t", "2", "-q", cfg.toString()),
                Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), name + ": " + r);
        Matcher m = TOTAL.matcher(r.output());
        assertTrue(m.find(), r.output());
        long ops = Long.parseLong(m.group(1));
        assertEquals(0, Long.parseLong(m.group(2)), name + ": " + r.output());
        assertTrue(ops > 0, name + ": " + r.output());
        return ops;
    }
}
