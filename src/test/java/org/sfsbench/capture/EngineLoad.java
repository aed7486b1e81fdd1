package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/** A load run through the engine's drivers (sfsload, sfsgate): its per-op counts. */
final class EngineLoad {
    private static final Pattern GATED_ROW = Pattern.compile("(?m)^op=(\\w+) count=(\\d+) errors=(\\d+) physical=\\d+$");
    private static final Pattern ROW = Pattern.compile("(?m)^(\\w+)\\s+(\\d+)\\s+[\\d.]+\\s+[\\d.]+\\s+\\d+\\s+\\d+\\s+[\\d.]+"
            + "\\s+\\d+\\s+(\\d+)$");

    /** op -> {count, errors} */
    final Map<String, long[]> ops = new TreeMap<>();
    final String output;

    private EngineLoad(String output, Pattern row) {
        this.output = output;
        Matcher m = row.matcher(output);
        while (m.find()) {
            ops.put(m.group(1), new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3))});
        }
    }

    /** Runs {@code config} (engine keys) for {@code seconds} of RUN without warmup. */
    static EngineLoad run(Path work, String name, String config, int seconds) throws Exception {
        Path cfg = work.resolve(name + ".cfg");
        Files.writeString(cfg, config, StandardCharsets.UTF_8);
        Path sfsload = Sfs.buildDir().resolve("native/sfsload");
        ChildProcess.Result r = ChildProcess.run(List.of(sfsload.toString(), "-w", "0", "-t", Integer.toString(seconds),
                cfg.toString()), Map.of(), 300, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), name + ": " + r);
        EngineLoad l = new EngineLoad(r.output(), ROW);
        assertTrue(!l.ops.isEmpty(), name + ": no op table\n" + r.output());
        return l;
    }

    /** Runs {@code config}'s INIT, then its RUN of {@code seconds} captured on {@code port} into {@code pcap}. */
    static EngineLoad gatedCapture(Path work, String name, String config, int seconds, int port, Path pcap)
            throws Exception {
        Path cfg = work.resolve(name + ".cfg");
        Files.writeString(cfg, config, StandardCharsets.UTF_8);
        ChildProcess gate = ChildProcess.start(List.of(Sfs.buildDir().resolve("native/sfsgate").toString(),
                cfg.toString(), Integer.toString(seconds)), Map.of());
        assertTrue(gate.awaitOutput("READY", 120_000), name + ": " + gate.output());
        ChildProcess.Result r;
        try (LoopbackCapture cap = new LoopbackCapture(pcap, port)) {
            gate.send("GO");
            r = gate.await(seconds + 60L, TimeUnit.SECONDS);
            cap.stop();
        }
        assertEquals(0, r.exit(), name + ": " + r);
        EngineLoad l = new EngineLoad(r.output(), GATED_ROW);
        assertTrue(!l.ops.isEmpty(), name + ": no op lines\n" + r.output());
        return l;
    }

    long total() {
        return ops.values().stream().mapToLong(v -> v[0]).sum();
    }

    long errors() {
        return ops.values().stream().mapToLong(v -> v[1]).sum();
    }

    Map<String, Long> counts() {
        Map<String, Long> c = new TreeMap<>();
        ops.forEach((k, v) -> c.put(k, v[0]));
        return c;
    }
}
