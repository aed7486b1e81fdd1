package org.sfsbench.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * sfsbench's access-spec file (docs/access-specs.md): specs in run order, each a {@code [name]}
 * header followed by lines {@code size %access %read %random [delay burst align reply]} (commas or
 * blanks between fields, sizes like 4k or 64K); a header without lines names a built-in spec.
 * {@code #} starts a comment.
 */
public final class SpecFileParser {
    private SpecFileParser() {
    }

    /** Reads the specs of a file, in order; every problem names the file and line. */
    public static List<AccessSpec> parse(Path file) throws AccessSpecException {
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AccessSpecException(file, 0, "cannot read: " + e.getMessage());
        }
        List<AccessSpec> specs = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        String name = null;
        int nameLine = 0;
        List<AccessLine> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String raw = text.get(i);
            int hash = raw.indexOf('#');
            String t = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
            if (t.isEmpty()) {
                continue;
            }
            int no = i + 1;
            if (t.startsWith("[")) {
                if (!t.endsWith("]") || t.length() < 3) {
                    throw new AccessSpecException(file, no, "'" + t + "' is not a spec header [name]");
                }
                if (name != null) {
                    specs.add(finish(file, nameLine, name, lines));
                }
                name = t.substring(1, t.length() - 1).strip();
                nameLine = no;
                if (!names.add(name.toLowerCase(java.util.Locale.ROOT))) {
                    throw new AccessSpecException(file, no, "spec '" + name + "' is defined twice");
                }
                lines = new ArrayList<>();
                continue;
            }
            if (name == null) {
                throw new AccessSpecException(file, no, "an access line before any [name] header");
            }
            lines.add(line(file, no, t));
        }
        if (name != null) {
            specs.add(finish(file, nameLine, name, lines));
        }
        if (specs.isEmpty()) {
            throw new AccessSpecException(file, 0, "no access specifications (a [name] header, then lines"
                    + " size %access %read %random)");
        }
        return specs;
    }

    private static AccessSpec finish(Path file, int line, String name, List<AccessLine> lines)
            throws AccessSpecException {
        if (lines.isEmpty()) {
            AccessSpec b = BuiltinSpecs.named(name);
            if (b == null) {
                throw new AccessSpecException(file, line, "[" + name + "] has no lines and is not a built-in"
                        + " spec (" + String.join(", ", BuiltinSpecs.names()) + ")");
            }
            return b;
        }
        AccessSpec s = new AccessSpec(name, lines);
        String p = s.problem();
        if (p != null) {
            throw new AccessSpecException(file, line, p);
        }
        return s;
    }

    private static AccessLine line(Path file, int no, String t) throws AccessSpecException {
        String[] f = t.split("[\\s,]+");
        if (f.length != 4 && f.length != 8) {
            throw new AccessSpecException(file, no, f.length + " fields; expected size %access %read %random,"
                    + " optionally followed by delay burst align reply");
        }
        String[] what = { "size", "% of accesses", "% read", "% random", "delay (ms)", "burst", "alignment",
            "reply size" };
        long[] v = { 0, 0, 0, 0, 0, 1, 0, 0 };
        for (int k = 0; k < f.length; k++) {
            long x = k == 0 || k == 6 ? Sizes.parse(f[k]) : f[k].matches("\\d{1,9}") ? Long.parseLong(f[k]) : -1;
            if (x < 0 || x > Integer.MAX_VALUE) {
                throw new AccessSpecException(file, no, what[k] + " '" + f[k] + "' is not a "
                        + (k == 0 || k == 6 ? "size in bytes (4096, 4k, 1m)" : "whole number"));
            }
            v[k] = x;
        }
        AccessLine l = new AccessLine((int) v[0], (int) v[1], (int) v[2], (int) v[3], (int) v[4], (int) v[5],
                (int) v[6], (int) v[7]);
        String p = l.problem();
        if (p != null) {
            throw new AccessSpecException(file, no, p);
        }
        return l;
    }
}
