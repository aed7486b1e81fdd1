package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short replay of one loadfile of src/test/resources/field through the engine's sfsload driver:
 * one client, two passes, RUN of 2 s; every expected status must be met, and the replay issues
 * exactly the requests the loadfile asks for (docs/loadfile.md, "what each line issues").
 */
public final class LoadfileReplay {
    private static final int PASSES = 2;
    private static final Pattern TOTAL = Pattern.compile("total ops=(\\d+) .* errors=(\\d+)");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
    /** NFSv4 byte-range locks, which no backend issues. */
    private static final Set<String> NOT_ISSUED = Set.of("LOCK4", "UNLOCK4", "TEST4");

    private LoadfileReplay() {
    }

    /**
     * @param backendLines engine keys of the backend and its target (backend=, target.0=, credentials)
     * @param name         the loadfile, relative to src/test/resources/field
     * @return the ops the replay issued (errors are 0 and the count is {@link #requestsPerPass} per
     *         pass, or the test has failed)
     */
    public static long replay(Path work, String backendLines, String name) throws Exception {
        Path home = Sfs.home();
        Path loadfile = home.resolve("src/test/resources/field/" + name);
        Path cfg = work.resolve(name.replace('/', '_') + ".cfg");
        Files.writeString(cfg, backendLines + "\n" + String.join("\n", "workload=loadfile", "loadfile=" + loadfile,
                "loadfile_passes=" + PASSES, "procs=1", "root=lf", ""), StandardCharsets.UTF_8);
        Path sfsload = home.resolve("target/native/sfsload");
        ChildProcess.Result r = ChildProcess.run(List.of(sfsload.toString(), "-t", "2", "-q", cfg.toString()),
                Map.of(), 120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), name + ": " + r);
        Matcher m = TOTAL.matcher(r.output());
        assertTrue(m.find(), r.output());
        long ops = Long.parseLong(m.group(1));
        assertEquals(0, Long.parseLong(m.group(2)), name + ": " + r.output());
        assertEquals(PASSES * requestsPerPass(loadfile), ops, name + ": " + r.output());
        return ops;
    }

    /**
     * The requests one pass of a field loadfile issues, counted from its text: every op line once
     * (REPEAT n and LOOP n ... ENDLOOP multiply), LOCK4/UNLOCK4/TEST4 none, a Deltree one remove or
     * rmdir per path the file names under its directory plus the directory itself. This holds for
     * the field files these tests replay, whose other lines are one request each on posix, nfs3 and smb.
     */
    static long requestsPerPass(Path loadfile) throws IOException {
        List<String> lines = Files.readAllLines(loadfile, StandardCharsets.ISO_8859_1);
        Set<String> paths = new LinkedHashSet<>();
        for (String line : lines) {
            if (!line.startsWith("#")) {
                Matcher q = QUOTED.matcher(line);
                while (q.find()) {
                    paths.add(q.group(1));
                }
            }
        }
        Deque<long[]> loops = new ArrayDeque<>(); // per open LOOP: its count, the requests inside so far
        loops.push(new long[] {1, 0});
        long repeat = 1;
        for (String line : lines) {
            List<String> words = new ArrayList<>(List.of(line.trim().split("\\s+")));
            if (line.startsWith("#") || words.get(0).isEmpty()) {
                continue;
            }
            if (words.get(0).matches("[0-9.]+")) { // a timestamp
                words.remove(0);
            }
            String op = words.get(0);
            switch (op) {
                case "RANDOMSTRING" -> { }
                case "REPEAT" -> repeat = Long.parseLong(words.get(1));
                case "LOOP" -> loops.push(new long[] {Long.parseLong(words.get(1)), 0});
                case "ENDLOOP" -> {
                    long[] done = loops.pop();
                    loops.peek()[1] += done[0] * done[1];
                }
                default -> {
                    long requests = NOT_ISSUED.contains(op) ? 0 : 1;
                    if (op.equalsIgnoreCase("Deltree")) {
                        Matcher q = QUOTED.matcher(line);
                        assertTrue(q.find(), loadfile + ": " + line);
                        String dir = q.group(1) + "/";
                        requests += paths.stream().filter(p -> p.startsWith(dir)).count();
                    }
                    loops.peek()[1] += repeat * requests;
                    repeat = 1;
                }
            }
        }
        assertEquals(1, loops.size(), loadfile + ": LOOP without ENDLOOP");
        return loops.peek()[1];
    }
}
