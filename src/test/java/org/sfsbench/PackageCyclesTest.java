package org.sfsbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two packages of the main sources depend on each other, directly or through others. Works on
 * the sources rather than the class files, because javac inlines constants and a use of another
 * package's constant leaves no trace in the class file. Comments and string literals (a child
 * JVM's main class name) are not dependencies.
 */
class PackageCyclesTest {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    /** A reference to a type of another sfsbench package: imports (also static and *) and qualified names. */
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.sfsbench((?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z*]");

    @Test
    void mainSourcesHaveNoPackageCycle() throws IOException {
        Map<String, Set<String>> deps = dependencies(Path.of(System.getProperty("sfs.home", "."), "manager", "java"));
        assertTrue(deps.size() > 10, "found only packages " + deps.keySet());
        List<List<String>> cycles = cycles(deps);
        assertEquals(List.of(), cycles, "package cycles (each list is a set of packages that depend on each other): "
                + explain(cycles, deps));
    }

    @Test
    void rmiRecordsDoNotDependOnTheWorkerProcess() throws IOException {
        Map<String, Set<String>> deps = dependencies(Path.of(System.getProperty("sfs.home", "."), "manager", "java"));
        assertFalse(deps.get("org.sfsbench.rmi").contains("org.sfsbench.worker"));
    }

    /** The text report renders the result model, never the published document it was read from. */
    @Test
    void theTextReportDoesNotReadThePublishedDocument() throws IOException {
        Map<String, Set<String>> deps = dependencies(Path.of(System.getProperty("sfs.home", "."), "manager", "java"));
        assertFalse(deps.get("org.sfsbench.report.text").contains("org.sfsbench.report.xml"),
                "org.sfsbench.report.text uses " + deps.get("org.sfsbench.report.text"));
    }

    /**
     * docs/architecture.md's package table names, for each package and its subpackages, exactly the
     * other packages it uses ("everything below" for the command line, which may use any).
     */
    @Test
    void theArchitectureMapNamesWhatEachPackageUses() throws IOException {
        Path home = Path.of(System.getProperty("sfs.home", "."));
        Map<String, Set<String>> actual = families(dependencies(home.resolve("manager").resolve("java")));
        Map<String, Set<String>> documented = new TreeMap<>();
        String doc = Files.readString(home.resolve("docs").resolve("architecture.md"));
        String table = doc.substring(doc.indexOf("## Java packages"), doc.indexOf("\n## ", doc.indexOf("## Java packages")));
        Matcher row = Pattern.compile("(?m)^\\| `org\\.sfsbench([.a-z]*)`[^\n]*\\| ([^|\n]*) \\|$").matcher(table);
        while (row.find()) {
            String family = family("org.sfsbench" + row.group(1));
            String uses = row.group(2).replaceAll("\\s*\\([^)]*\\)", "").trim();
            if (uses.equals("everything below")) {
                actual.remove(family);
                continue;
            }
            Set<String> names = new TreeSet<>();
            for (String u : uses.equals("-") ? new String[0] : uses.split(",\\s*")) {
                names.add(u.equals("org.sfsbench") ? family("org.sfsbench") : u);
            }
            documented.put(family, names);
        }
        for (String f : actual.keySet()) {
            actual.putIfAbsent(f, Set.of());
        }
        assertTrue(documented.size() > 10, "rows read from docs/architecture.md: " + documented.keySet());
        assertEquals(new TreeMap<>(actual).toString(), documented.toString(),
                "docs/architecture.md, Java packages: each row's 'uses' (left: the sources, right: the map)");
    }

    /** The top-level package under org.sfsbench ("results" for org.sfsbench.results.model; "" for org.sfsbench). */
    private static String family(String pkg) {
        String rest = pkg.equals("org.sfsbench") ? "" : pkg.substring("org.sfsbench.".length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    /** The dependencies between top-level packages, a package's subpackages folded into it. */
    private static Map<String, Set<String>> families(Map<String, Set<String>> deps) {
        Map<String, Set<String>> out = new TreeMap<>();
        deps.forEach((p, qs) -> {
            Set<String> to = out.computeIfAbsent(family(p), k -> new TreeSet<>());
            for (String q : qs) {
                if (!family(q).equals(family(p))) {
                    to.add(family(q));
                }
            }
        });
        return out;
    }

    @Test
    void commentsAndStringsAreNotDependencies() {
        assertEquals("package a; import b.C; x =  ;  ", code("package a; import b.C; x = \"org.x.Y\\\"\"; // org.z.W\n"
                + "/* org.q.R */").replace("\n", ""));
    }

    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> deps = new TreeMap<>();
        deps.put("a", Set.of("b"));
        deps.put("b", Set.of("c"));
        deps.put("c", Set.of("a", "d"));
        deps.put("d", Set.of());
        assertEquals(List.of(List.of("a", "b", "c")), cycles(deps));
    }

    /** Package -> the other sfsbench packages its sources refer to. */
    static Map<String, Set<String>> dependencies(Path root) throws IOException {
        Map<String, Set<String>> deps = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String src;
                try {
                    src = Files.readString(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                src = code(src);
                Matcher pm = PACKAGE.matcher(src);
                if (!pm.find()) {
                    return; // the unnamed package (SfsManager, SpecInstall) depends on no sfsbench package
                }
                String pkg = pm.group(1);
                Set<String> mine = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(src.substring(pm.end()));
                while (m.find()) {
                    String target = "org.sfsbench" + m.group(1);
                    if (!target.equals(pkg)) {
                        mine.add(target);
                    }
                }
            });
        }
        return deps;
    }

    /** The source without comments and string or char literals (each replaced by a space). */
    static String code(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                i = src.indexOf('\n', i);
                i = i < 0 ? n : i;
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                while (end > 0 && src.charAt(end - 1) == '\\') {
                    end = src.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && src.charAt(i) != c) {
                    i += src.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
                out.append(' ');
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Strongly connected components of more than one package (Tarjan), each sorted, in sorted order. */
    static List<List<String>> cycles(Map<String, Set<String>> deps) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<List<String>> out = new ArrayList<>();
        for (String p : new TreeSet<>(deps.keySet())) {
            if (!index.containsKey(p)) {
                connect(p, deps, index, low, stack, out);
            }
        }
        out.sort((x, y) -> x.get(0).compareTo(y.get(0)));
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> deps, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : deps.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, deps, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                component.sort(null);
                out.add(component);
            }
        }
    }

    private static String explain(List<List<String>> cycles, Map<String, Set<String>> deps) {
        StringBuilder sb = new StringBuilder();
        for (List<String> c : cycles) {
            for (String p : c) {
                Set<String> inside = new TreeSet<>(deps.get(p));
                inside.retainAll(c);
                sb.append("\n  ").append(p).append(" -> ").append(inside);
            }
        }
        return sb.toString();
    }
}
