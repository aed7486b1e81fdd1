package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.sfsbench.InputFiles;
import org.sfsbench.engine.EngineCatalog;

/**
 * Reads an "SFS MIXFILE VERSION 2" file (guide 3.3.1): the exact header line, then {@code #} comment
 * lines, blank lines and {@code <opname> <N>%} lines (1-3 digits); the shares must total 100.
 */
public final class MixFile {

    public static final String HEADER = "SFS MIXFILE VERSION 2";

    /** The guide's 24 op names in its order: the ops the engine's mixfile workload issues, by op id. */
    public static final List<String> OP_NAMES = EngineCatalog.get().workload("mixfile").ops().stream()
            .map(op -> EngineCatalog.get().opNames().get(op)).toList();

    private static final Pattern OP_LINE = Pattern.compile("\\s*(\\S+)\\s+(\\d{1,3})%\\s*");

    private MixFile() {
    }

    /**
     * Reads a mix file.
     *
     * @return op name (lower case) to percent, in file order
     */
    public static Map<String, Integer> read(Path file) throws RcException {
        List<String> lines = TextFiles.readUnixLines(file, "MIXFILE");
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new RcException(file, 1, null, null,
                    "the first line must be exactly '" + HEADER + "'"
                            + (lines.isEmpty() ? " (the file is empty)" : ", and it is not"), null);
        }
        Map<String, Integer> mix = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        int total = 0;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int no = i + 1;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = OP_LINE.matcher(line);
            if (!m.matches()) {
                throw new RcException(file, no, null, null, "not an op line", "<opname> <N>% with 1 to 3 digits, e.g. 'lookup 24%', or a # comment");
            }
            String op = m.group(1).toLowerCase(Locale.ROOT);
            int pct = Integer.parseInt(m.group(2));
            if (!OP_NAMES.contains(op)) {
                throw new RcException(file, no, null, null, "unknown op name"
                        + EditDistance.didYouMean(op, OP_NAMES), String.join(" ", OP_NAMES));
            }
            if (mix.containsKey(op)) {
                throw new RcException(file, no, m.group(1), m.group(2) + "%",
                        "op listed twice (first at line " + lineOf.get(op) + ")", "each op at most once");
            }
            if (pct > 100) {
                throw new RcException(file, no, m.group(1), m.group(2) + "%", "share above 100%", "0% to 100%");
            }
            mix.put(op, pct);
            lineOf.put(op, no);
            total += pct;
        }
        if (total != 100) {
            throw new RcException(file, 0, null, null, "the op shares add up to " + total + "%, not 100%",
                    "shares totalling exactly 100%");
        }
        return Collections.unmodifiableMap(mix);
    }

    /** Reads a mix file and wraps a read failure so it names the rc variable that pointed at it. */
    static Map<String, Integer> readFor(Path file, Path rcFile, int rcLine, String rcValue) throws RcException {
        String notFile = InputFiles.problem(file);
        if (notFile != null) {
            throw new RcException(rcFile, rcLine, "MIXFILE", rcValue, file + " " + notFile,
                    "a mix file in WORK_DIR or relative to the rc file's folder");
        }
        return read(file);
    }
}
