package org.sfsbench.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.engine.EngineCatalog;

/**
 * Reads an Iometer configuration file (.icf, layouts of versions 2006.07.27 and 1.1.0) and maps
 * it onto an sfsbench run: managers are the CLIENTS in order, each target of each disk worker is
 * one of the client's PROCS with its own mount point (MNT_POINTS), in the order the test type
 * activates them. Everything that cannot be mapped is refused with its line and the reason
 * (docs/access-specs.md lists the mapping).
 *
 * <p>The file is a sequence of keys (lines starting with an apostrophe) each followed by its value
 * lines; an apostrophe followed by a blank is a column heading and belongs to the key above it.
 */
public final class IcfParser {
    private final Path file;
    private final List<Entry> entries;
    private int pos;

    private record Entry(String key, int line, List<String> values, List<Integer> lines) {
        String value(Path f) throws AccessSpecException {
            if (values.isEmpty()) {
                throw new AccessSpecException(f, line, "'" + key + "' has no value line");
            }
            return values.get(0);
        }

        int valueLine() {
            return lines.isEmpty() ? line : lines.get(0);
        }
    }

    private record Worker(String name, int line, int queueDepth, long diskSectors, long startSector,
            List<String> specs, int targets, int targetLine) {
    }

    private IcfParser(Path file, List<Entry> entries) {
        this.file = file;
        this.entries = entries;
    }

    /** True if the file starts like an .icf ("Version ..." first). */
    public static boolean looksLikeIcf(Path file) {
        try {
            for (String l : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
                if (!l.isBlank()) {
                    return l.strip().toLowerCase(Locale.ROOT).startsWith("version ");
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /**
     * Parses and maps an .icf for a run of {@code clients} clients with {@code procs} procs each.
     */
    public static IcfConfig parse(Path file, int clients, int procs) throws AccessSpecException {
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new AccessSpecException(file, 0, "cannot read: " + e.getMessage());
        }
        int first = 0;
        while (first < text.size() && text.get(first).isBlank()) {
            first++;
        }
        if (first == text.size()) {
            throw new AccessSpecException(file, 0, "empty file");
        }
        String vline = text.get(first).strip();
        String version = vline.length() > 8 ? vline.substring(8).strip().split("\\s+")[0] : "";
        if (!vline.toLowerCase(Locale.ROOT).startsWith("version ")
                || !version.matches("\\d{4}\\.\\d{2}\\.\\d{2}|\\d+\\.\\d+\\.\\d+.*")) {
            throw new AccessSpecException(file, first + 1, "'" + vline + "' is not an Iometer version line"
                    + " (Version 2006.07.27 or Version 1.1.0)");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = first + 1; i < text.size(); i++) {
            String raw = text.get(i);
            String t = raw.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.startsWith("'")) {
                boolean heading = raw.length() > 1 && t.length() > 1 && Character.isWhitespace(t.charAt(1));
                if (!heading) {
                    entries.add(new Entry(t.substring(1).strip(), i + 1, new ArrayList<>(), new ArrayList<>()));
                }
                continue;
            }
            if (t.toLowerCase(Locale.ROOT).startsWith("version ")) {
                continue; // Iometer repeats the version line at the end
            }
            if (entries.isEmpty()) {
                throw new AccessSpecException(file, i + 1, "'" + t + "' is outside any section");
            }
            Entry e = entries.get(entries.size() - 1);
            e.values().add(t);
            e.lines().add(i + 1);
        }
        return new IcfParser(file, entries).read(version, clients, procs);
    }

    private AccessSpecException err(int line, String problem) {
        return new AccessSpecException(file, line, problem);
    }

    private static boolean is(Entry e, String key) {
        return e.key().equalsIgnoreCase(key);
    }

    private static boolean startsSection(Entry e, String name) {
        return e.key().toUpperCase(Locale.ROOT).startsWith(name);
    }

    private IcfConfig read(String version, int clients, int procs) throws AccessSpecException {
        Map<String, AccessSpec> specs = new LinkedHashMap<>();
        String description = "";
        int ramp = 0;
        int runSeconds = 0;
        String testType = "NORMAL";
        int testTypeLine = 0;
        Cycling queueCycle = null;
        int queueLine = 0;
        Cycling workerCycle = null;
        int workerLine = 0;
        Cycling targetCycle = null;
        int targetLine = 0;
        List<List<Worker>> managers = new ArrayList<>();
        List<Integer> managerLines = new ArrayList<>();
        boolean sawSetup = false;
        while (pos < entries.size()) {
            Entry e = entries.get(pos++);
            if (startsSection(e, "TEST SETUP")) {
                sawSetup = true;
                while (pos < entries.size() && !is(entries.get(pos), "END test setup")) {
                    Entry s = entries.get(pos++);
                    String k = s.key().toLowerCase(Locale.ROOT);
                    if (k.equals("test description")) {
                        description = s.values().isEmpty() ? "" : s.values().get(0);
                    } else if (k.equals("run time")) {
                        int[] hms = ints(s, 3, "hours minutes seconds");
                        long secs = hms[0] * 3600L + hms[1] * 60L + hms[2];
                        if (secs > 7 * 24 * 3600) {
                            throw err(s.valueLine(), "run time " + secs + " s is longer than a week");
                        }
                        runSeconds = (int) secs;
                    } else if (k.startsWith("ramp up time")) {
                        ramp = ints(s, 1, "seconds")[0];
                    } else if (k.equals("worker cycling")) {
                        workerCycle = cycling(s, false);
                        workerLine = s.valueLine();
                    } else if (k.equals("queue depth cycling")) {
                        queueCycle = cycling(s, true);
                        queueLine = s.valueLine();
                    } else if (k.equals("disk cycling")) {
                        targetCycle = cycling(s, false);
                        targetLine = s.valueLine();
                    } else if (k.equals("test type")) {
                        testType = testType(s.value(file).strip().toUpperCase(Locale.ROOT));
                        testTypeLine = s.valueLine();
                    } else if (!(k.startsWith("default disk workers")
                            || k.startsWith("default network workers") || k.equals("record results")
                            || k.startsWith("record last update results"))) {
                        throw err(s.line(), "unknown test-setup key '" + s.key() + "'");
                    }
                }
                pos++;
            } else if (startsSection(e, "ACCESS SPECIFICATIONS")) {
                readSpecs(specs);
            } else if (startsSection(e, "MANAGER LIST")) {
                while (pos < entries.size() && !is(entries.get(pos), "END manager list")) {
                    Entry m = entries.get(pos++);
                    if (!is(m, "Manager ID, manager name")) {
                        throw err(m.line(), "expected 'Manager ID, manager name', found '" + m.key() + "'");
                    }
                    managerLines.add(m.line());
                    managers.add(readManager());
                }
                pos++;
            } else if (startsSection(e, "RESULTS DISPLAY")) {
                while (pos < entries.size() && !is(entries.get(pos), "END results display")) {
                    pos++; // how Iometer's window draws its bar charts: nothing to run
                }
                pos++;
            } else {
                throw err(e.line(), "unknown section '" + e.key() + "'");
            }
        }
        if (!sawSetup && managers.isEmpty() && !specs.isEmpty()) {   // a saved list of specs
            return new IcfConfig(version, "", new ArrayList<>(specs.values()), List.of(1),
                    List.of(Active.workers(procs)), 0, 0, 0, 0, true);
        }
        if (!sawSetup) {
            throw err(0, "no 'TEST SETUP section (and not a file of access specifications only)");
        }
        Cycles cycles = new Cycles(testType, testTypeLine, queueCycle, queueLine, workerCycle, workerLine,
                targetCycle, targetLine);
        return map(version, description, specs, ramp, runSeconds, cycles, managers, managerLines, clients, procs);
    }

    /** The test type and its cycling lines (each with the line of its value, 0 when absent). */
    private record Cycles(String testType, int testTypeLine, Cycling queue, int queueLine, Cycling workers,
            int workerLine, Cycling targets, int targetLine) {
    }

    /** Iometer's older files store the test type as its number (PageSetup.h): the name of that number. */
    private static final List<String> TEST_TYPES = List.of("NORMAL", "CYCLE_TARGETS", "CYCLE_WORKERS",
            "INCREMENT_TARGETS_PARALLEL", "INCREMENT_TARGETS_SERIAL", "CYCLE_WORKERS_AND_TARGETS",
            "CYCLE_OUTSTANDING_IOS", "CYCLE_OUTSTANDING_IOS_AND_TARGETS");

    private static String testType(String value) {
        return value.matches("\\d") && Integer.parseInt(value) < TEST_TYPES.size()
                ? TEST_TYPES.get(Integer.parseInt(value)) : value;
    }

    private int[] ints(Entry e, int n, String what) throws AccessSpecException {
        String[] f = e.value(file).split("[\\s,]+");
        if (f.length < n) {
            throw err(e.valueLine(), "'" + e.key() + "' needs " + what);
        }
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            if (!f[i].matches("\\d{1,9}")) {
                throw err(e.valueLine(), "'" + e.key() + "': '" + f[i] + "' is not a whole number");
            }
            v[i] = Integer.parseInt(f[i]);
        }
        return v;
    }

    private Cycling cycling(Entry e, boolean withEnd) throws AccessSpecException {
        String[] f = e.value(file).split("\\s+");
        int n = withEnd ? 3 : 2;
        int[] v = ints(e, n, withEnd ? "start end step type" : "start step type");
        String type = f.length > n ? f[n].toUpperCase(Locale.ROOT) : "";
        if (!type.equals("LINEAR") && !type.equals("EXPONENTIAL")) {
            throw err(e.valueLine(), "'" + e.key() + "': step type '" + type + "' must be LINEAR or EXPONENTIAL");
        }
        return new Cycling(v[0], withEnd ? v[1] : Integer.MAX_VALUE, withEnd ? v[2] : v[1],
                type.equals("EXPONENTIAL"));
    }

    private void readSpecs(Map<String, AccessSpec> specs) throws AccessSpecException {
        while (pos < entries.size() && !is(entries.get(pos), "END access specifications")) {
            Entry n = entries.get(pos++);
            if (!is(n, "Access specification name,default assignment")) {
                throw err(n.line(), "expected 'Access specification name,default assignment', found '" + n.key()
                        + "'");
            }
            String v = n.value(file);
            int comma = v.lastIndexOf(',');
            String name = (comma >= 0 ? v.substring(0, comma) : v).strip();
            if (pos >= entries.size() || !entries.get(pos).key().toLowerCase(Locale.ROOT).startsWith("size,")) {
                throw err(n.line(), "access specification '" + name + "' has no 'size,% of size,...' line");
            }
            Entry body = entries.get(pos++);
            List<AccessLine> lines = new ArrayList<>();
            for (int i = 0; i < body.values().size(); i++) {
                lines.add(accessLine(body.values().get(i), body.lines().get(i)));
            }
            AccessSpec s = new AccessSpec(name, lines);
            String p = s.problem();
            if (p != null) {
                throw err(n.valueLine(), p);
            }
            specs.put(name, s);
        }
        pos++;
    }

    /** Most requests in flight per worker the engine takes (its outstanding_ios key). */
    private static int deepest() {
        return (int) EngineCatalog.get().key("outstanding_ios").maxLong();
    }

    private AccessLine accessLine(String text, int line) throws AccessSpecException {
        String[] f = text.split("\\s*,\\s*");
        if (f.length < 8) {
            throw err(line, f.length + " fields; an access line has size,% of size,% reads,% random,delay,burst,"
                    + "align,reply");
        }
        int[] v = new int[8];
        for (int i = 0; i < 8; i++) {
            if (!f[i].strip().matches("\\d{1,10}")) {
                throw err(line, "field " + (i + 1) + " '" + f[i] + "' is not a whole number");
            }
            long x = Long.parseLong(f[i].strip());
            if (x > Integer.MAX_VALUE) {
                throw err(line, "field " + (i + 1) + " " + x + " is too large");
            }
            v[i] = (int) x;
        }
        AccessLine l = new AccessLine(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
        String p = l.problem();
        if (p != null) {
            throw err(line, p);
        }
        return l;
    }

    private List<Worker> readManager() throws AccessSpecException {
        List<Worker> workers = new ArrayList<>();
        while (pos < entries.size() && !is(entries.get(pos), "End manager")) {
            Entry e = entries.get(pos++);
            if (is(e, "Manager network address")) {
                continue; // where Iometer reached the manager; sfsbench reaches CLIENTS through agents
            }
            if (!is(e, "Worker")) {
                throw err(e.line(), "expected 'Worker', found '" + e.key() + "'");
            }
            workers.add(readWorker(e));
        }
        pos++;
        return workers;
    }

    private Worker readWorker(Entry head) throws AccessSpecException {
        String name = head.values().isEmpty() ? "" : head.values().get(0);
        int qd = 1;
        long size = 0;
        long start = 0;
        List<String> specs = new ArrayList<>();
        int targets = 0;
        int targetLine = head.line();
        while (pos < entries.size() && !is(entries.get(pos), "End worker")) {
            Entry e = entries.get(pos++);
            String k = e.key().toLowerCase(Locale.ROOT);
            if (k.equals("worker type")) {
                if (!e.value(file).equalsIgnoreCase("DISK")) {
                    throw err(e.valueLine(), "worker '" + name + "' is a " + e.value(file) + " worker; sfsbench"
                            + " runs disk workers only (network workers measure a network, not a file server)");
                }
            } else if (k.startsWith("number of outstanding ios")) {
                String[] f = e.value(file).split("\\s*,\\s*");
                if (!f[0].matches("\\d{1,4}") || Integer.parseInt(f[0]) < 1 || Integer.parseInt(f[0]) > deepest()) {
                    throw err(e.valueLine(), "outstanding I/Os '" + f[0] + "' must be 1.." + deepest());
                }
                qd = Integer.parseInt(f[0]);
                if (f.length > 1 && f[1].equalsIgnoreCase("ENABLED")) {
                    throw err(e.valueLine(), "test connection rate is ENABLED: opening and closing the target"
                            + " every few transactions is not an access-spec step in sfsbench");
                }
                if (f.length > 3 && f[3].equalsIgnoreCase("ENABLED")) {
                    throw err(e.valueLine(), "a fixed seed is ENABLED: sfsbench seeds every run itself (same"
                            + " seed, same transfers); remove the fixed seed");
                }
            } else if (k.startsWith("disk maximum size")) {
                String[] f = e.value(file).split("\\s*,\\s*");
                if (f.length < 2 || !f[0].matches("\\d{1,15}") || !f[1].matches("\\d{1,15}")) {
                    throw err(e.valueLine(), "expected disk maximum size,starting sector as whole numbers");
                }
                size = Long.parseLong(f[0]);
                start = Long.parseLong(f[1]);
                if (f.length > 2 && !f[2].strip().equals("0")) {
                    throw err(e.valueLine(), "data pattern " + f[2] + ": sfsbench writes one fixed buffer per"
                            + " worker, which is Iometer's pattern 0 (repeating bytes) only");
                }
            } else if (k.equals("assigned access specs")) {
                specs.addAll(e.values());
            } else if (k.equals("target")) {
                targets++;
                targetLine = e.line();
            } else if (k.equals("target type")) {
                if (!e.value(file).equalsIgnoreCase("DISK")) {
                    throw err(e.valueLine(), "target type " + e.value(file) + ": only disk targets map onto"
                            + " a mount point");
                }
            } else if (!(k.equals("default target settings for worker") || k.equals("end default target settings for worker")
                    || k.equals("end assigned access specs") || k.equals("target assignments")
                    || k.equals("end target") || k.equals("end target assignments")
                    || k.equals("local network interface") || k.equals("vi outstanding ios"))) {
                throw err(e.line(), "unknown worker key '" + e.key() + "'");
            }
        }
        pos++;
        return new Worker(name, head.line(), qd, size, start, specs, targets, targetLine);
    }

    private IcfConfig map(String version, String description, Map<String, AccessSpec> specs, int ramp,
            int runSeconds, Cycles cy, List<List<Worker>> managers, List<Integer> managerLines, int clients,
            int procs) throws AccessSpecException {
        if (managers.isEmpty()) {
            throw err(0, "no managers in the 'MANAGER LIST: each manager is one of the rc file's CLIENTS");
        }
        if (managers.size() != clients) {
            throw err(managerLines.get(0), managers.size() + " manager(s), but the rc file has " + clients
                    + " client(s): each Iometer manager maps onto one of CLIENTS, in order");
        }
        Worker ref = null;
        for (int m = 0; m < managers.size(); m++) {
            List<Worker> ws = managers.get(m);
            if (ws.isEmpty()) {
                throw err(managerLines.get(m), "manager " + (m + 1) + " has no disk worker");
            }
            for (Worker w : ws) {
                if (w.targets() == 0) {
                    throw err(w.targetLine(), "worker '" + w.name() + "' has no target");
                }
                if (w.specs().isEmpty()) {
                    throw err(w.line(), "worker '" + w.name() + "' has no assigned access specs");
                }
                if (ref == null) {
                    ref = w;
                } else if (!w.specs().equals(ref.specs()) || w.queueDepth() != ref.queueDepth()
                        || w.diskSectors() != ref.diskSectors() || w.startSector() != ref.startSector()
                        || w.targets() != ref.targets()) {
                    throw err(w.line(), "worker '" + w.name() + "' differs from worker '" + ref.name() + "' (line "
                            + ref.line() + ") in its specs, outstanding I/Os, disk size/start or number of targets;"
                            + " every sfsbench worker of a step runs the same settings");
                }
            }
            if (ws.size() * ref.targets() != procs) {
                throw err(managerLines.get(m), "manager " + (m + 1) + " has " + ws.size() + " disk worker(s) with "
                        + ref.targets() + " target(s) each, but PROCS=" + procs + ": each target of a worker is one"
                        + " proc on its client (PROCS = workers x targets)");
            }
        }
        List<AccessSpec> order = new ArrayList<>();
        for (String n : ref.specs()) {
            AccessSpec s = specs.get(n);
            if (s == null) {
                s = BuiltinSpecs.named(n);
            }
            if (s == null) {
                throw err(ref.line(), "assigned access spec '" + n + "' is not defined in the file");
            }
            order.add(s);
        }
        int targets = ref.targets();
        int workers = procs / targets;
        List<Integer> depths = List.of(ref.queueDepth());
        List<Active> active = List.of(new Active(workers, procs));
        String type = cy.testType();
        if (type.equals("CYCLE_WORKERS_AND_TARGETS") && (workers == 1 || targets == 1)) {
            type = workers == 1 ? "CYCLE_TARGETS" : "CYCLE_WORKERS";   // one of the two counts cannot change
        }
        if (type.equals("INCREMENT_TARGETS_SERIAL") && clients == 1) {
            type = "INCREMENT_TARGETS_PARALLEL";   // one manager: serial and parallel add the same targets
        }
        switch (type) {
            case "NORMAL":
                break;
            case "CYCLE_OUTSTANDING_IOS":
                depths = queueDepths(cy);
                break;
            case "CYCLE_WORKERS":
                active = new ArrayList<>();
                for (int n : needed(cy.workers(), cy.workerLine(), cy, "Worker Cycling", workers).valuesUpTo(workers)) {
                    active.add(new Active(n, n * targets));   // worker-major: worker w's targets are procs w*T..
                }
                break;
            case "CYCLE_OUTSTANDING_IOS_AND_TARGETS":
                depths = queueDepths(cy);
                active = targetSteps(cy, workers, targets);
                break;
            case "CYCLE_TARGETS":
                active = targetSteps(cy, workers, targets);
                break;
            case "INCREMENT_TARGETS_PARALLEL":
                active = new ArrayList<>();
                for (int k : needed(cy.targets(), cy.targetLine(), cy, "Disk Cycling", procs).valuesUpTo(procs)) {
                    active.add(new Active((k + targets - 1) / targets, k));   // worker-major, filled in order
                }
                break;
            case "INCREMENT_TARGETS_SERIAL":
                throw err(cy.testTypeLine(), "test type INCREMENT_TARGETS_SERIAL adds targets one manager at a time,"
                        + " so the clients of a step would run different numbers of procs; every sfsbench client"
                        + " runs the same number (INCREMENT_TARGETS_PARALLEL maps)");
            case "CYCLE_WORKERS_AND_TARGETS":
                throw err(cy.testTypeLine(), "test type CYCLE_WORKERS_AND_TARGETS runs n workers with k targets each,"
                        + " which with " + workers + " workers of " + targets + " targets is no first-N set of a"
                        + " client's procs in any one order; a step activates the first N procs (one target per"
                        + " worker, or one worker, maps)");
            default:
                throw err(cy.testTypeLine(), "unknown test type " + cy.testType() + " (" + String.join(", ",
                        TEST_TYPES) + ")");
        }
        return new IcfConfig(version, description, order, depths, active, ramp, runSeconds, ref.diskSectors() * 512,
                ref.startSector() * 512, false);
    }

    /** Target cycling (target-major: target t of worker w is proc t*W + w, so a step's targets come first). */
    private List<Active> targetSteps(Cycles cy, int workers, int targets) throws AccessSpecException {
        List<Active> active = new ArrayList<>();
        for (int k : needed(cy.targets(), cy.targetLine(), cy, "Disk Cycling", targets).valuesUpTo(targets)) {
            active.add(new Active(workers, k * workers));
        }
        return active;
    }

    private List<Integer> queueDepths(Cycles cy) throws AccessSpecException {
        Cycling q = needed(cy.queue(), cy.queueLine(), cy, "Queue Depth Cycling",
                cy.queue() == null ? 1 : cy.queue().end());
        if (q.end() > deepest()) {
            throw err(cy.queueLine(), "queue depth cycling ends at " + q.end() + "; at most " + deepest());
        }
        return q.values();
    }

    /** The cycling line a test type needs, checked against the most it may reach ({@code max}). */
    private Cycling needed(Cycling c, int line, Cycles cy, String key, int max) throws AccessSpecException {
        if (c == null) {
            throw err(cy.testTypeLine(), cy.testType() + " without a '" + key + "' line");
        }
        checkCycle(new Cycling(c.start(), max, c.step(), c.exponential()), line);
        return c;
    }

    private void checkCycle(Cycling c, int line) throws AccessSpecException {
        String p = c.problem();
        if (p != null) {
            throw err(line, p);
        }
    }
}
