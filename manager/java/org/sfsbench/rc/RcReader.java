package org.sfsbench.rc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Typed access to the assignments of one rc file, with errors that name file, line and value. */
final class RcReader {
    private final Path rcFile;
    private final Map<String, RcAssignment> byName;

    RcReader(Path rcFile, Map<String, RcAssignment> byName) {
        this.rcFile = rcFile;
        this.byName = byName;
    }

    Path rcFile() {
        return rcFile;
    }

    Path rcDir() {
        return rcFile.getParent();
    }

    /** The assignment of a variable with a non-empty value, else null (an empty value means unset). */
    RcAssignment get(String name) {
        RcAssignment a = byName.get(name);
        return a == null || a.value().isBlank() ? null : a;
    }

    boolean isSet(String name) {
        return get(name) != null;
    }

    String value(String name) {
        RcAssignment a = get(name);
        return a == null ? null : a.value().strip();
    }

    int line(String name) {
        RcAssignment a = byName.get(name);
        return a == null ? 0 : a.line();
    }

    /** An error about a variable, pointing at its line and value (or at no line when it is unset). */
    RcException error(String name, String problem, String allowed) {
        RcAssignment a = byName.get(name);
        if (a == null) {
            return new RcException(rcFile, 0, name, null, problem, allowed);
        }
        return new RcException(rcFile, a.line(), a.name(), shown(a), problem, allowed);
    }

    private static String shown(RcAssignment a) {
        return "PASSWORD".equals(a.name()) ? RunConfig.MASK : a.value();
    }

    /** A required variable that is absent (no line) or written with an empty value (its line). */
    RcException missing(String name, String allowed) {
        RcAssignment a = byName.get(name);
        if (a != null) {
            return new RcException(rcFile, a.line(), a.name(), a.value(), "empty, and it is required", allowed);
        }
        return new RcException(rcFile, 0, name, null, "not set, and it is required", allowed);
    }

    String required(String name, String allowed) throws RcException {
        String v = value(name);
        if (v == null) {
            throw missing(name, allowed);
        }
        return v;
    }

    String string(String name, String def) {
        String v = value(name);
        return v == null ? def : v;
    }

    /** A whole number in [min, max]. */
    int integer(String name, int def, int min, int max) throws RcException {
        String v = value(name);
        return v == null ? def : parseInt(name, v, min, max);
    }

    int parseInt(String name, String text, int min, int max) throws RcException {
        String allowed = "a whole number from " + min + " to " + max;
        if (text.matches("-\\d{1,10}")) {
            throw error(name, text + " is negative", allowed);
        }
        if (!text.matches("[+]?\\d{1,10}")) {
            throw error(name, "'" + text + "' is not a whole number", allowed);
        }
        long n = Long.parseLong(text);
        if (n < min || n > max) {
            throw error(name, n + " is out of range", allowed);
        }
        return (int) n;
    }

    /** 1/0, on/off, yes/no, true/false (any case). */
    boolean bool(String name, boolean def) throws RcException {
        String v = value(name);
        if (v == null) {
            return def;
        }
        switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "1": case "on": case "yes": case "true":
                return true;
            case "0": case "off": case "no": case "false":
                return false;
            default:
                throw error(name, "'" + v + "' is not a switch value", "1, on, yes, true or 0, off, no, false");
        }
    }

    /** White-space separated words of a list value (empty when unset). */
    List<String> words(String name) {
        String v = value(name);
        return v == null ? List.of() : List.of(v.split("\\s+"));
    }

    /** A path; relative ones resolve against each base in turn, the first that exists wins. */
    Path resolve(String text, List<Path> bases) {
        Path p = Path.of(text);
        if (p.isAbsolute()) {
            return p.normalize();
        }
        List<Path> candidates = new ArrayList<>();
        for (Path b : bases) {
            candidates.add(b.resolve(p).normalize());
        }
        for (Path c : candidates) {
            if (Files.exists(c)) {
                return c;
            }
        }
        return candidates.get(0);
    }
}
