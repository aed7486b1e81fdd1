package org.sfsbench.rc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.stats.SteadyState;

/**
 * Reads and checks an rc file (guide 1.3, 3.3, 3.3.1 plus sfsbench extensions). Nothing is started
 * and nothing is written: the caller parses first and only then acts.
 */
public final class RcParser {

    /**
     * rc variables that set an engine key, with that key: the engine's catalog owns their range (and,
     * where the rc has no default of its own, their default).
     */
    public static final Map<String, String> ENGINE_KEYS = Map.ofEntries(Map.entry("PROCS", "procs"),
            Map.entry("ACCESS_PCNT", "access_pcnt"), Map.entry("APPEND_PCNT", "append_pcnt"),
            Map.entry("DIR_COUNT", "dir_count"), Map.entry("SYMLINK_COUNT", "symlink_count"),
            Map.entry("BIOD_MAX_READS", "biod_reads"), Map.entry("BIOD_MAX_WRITES", "biod_writes"),
            Map.entry("SFS_NFS_USER_ID", "uid"), Map.entry("SFS_NFS_GROUP_ID", "gid"),
            Map.entry("DATA_COMPRESS_PCT", "data_compress_pct"), Map.entry("DATA_DEDUP_PCT", "data_dedup_pct"),
            Map.entry("EVENT_LOOPS", "loops"), Map.entry("URING_SPIN_US", "uring_spin_us"));

    /** Advice range of ops/s per proc (guide 1.3, PROCS). */
    public static final int MIN_RATE_ADVISED = 10;
    public static final int MAX_RATE_ADVISED = 250;

    private static final int MAX_SECONDS = 7 * 24 * 3600;
    /** WARMUP_MAX's default: SPECsfs2008's WARMUP_TIME, so a steady warm-up never runs longer than the classic one. */
    static final int STEADY_CAP_DEFAULT = 300;
    /** Bound of LOAD (ops/s of the whole run): an rc sanity bound, not an engine limit (the engine bounds each proc's rate). */
    private static final int MAX_LOAD = 100_000_000;

    private RcParser() {
    }

    /**
     * Parses and checks an rc file.
     *
     * @throws RcException with "FILE:LINE: VARIABLE=VALUE: what is wrong; allowed: ..." on the first problem
     */
    public static RunConfig parse(Path rcFile) throws RcException {
        Path rc = rcFile.toAbsolutePath().normalize();
        if (Files.isDirectory(rc)) {
            throw new RcException(rc, 0, null, null, "is a folder, not an rc file",
                    "the path of an rc file, for example " + rc.resolve("sfs_rc"));
        }
        if (!Files.isRegularFile(rc)) {
            throw new RcException(rc, 0, null, null, "no such rc file", "the path of an existing rc file");
        }
        RunConfig.Values v = new RunConfig.Values();
        v.rcFile = rc;
        RcReader r = new RcReader(rc, index(rc, RcLexer.lex(rc), v.variables));
        readProtocol(r, v);
        boolean loadfile = "loadfile".equalsIgnoreCase(r.value("WORKLOAD"));
        boolean counts = loadfile && r.isSet("CLIENT_COUNTS");
        boolean set = loadfile && LoadfileRcReader.namesSet(r);
        if (loadfile) {
            refuseLoads(r);
            if (set) {
                refuseCounts(r);
            }
        } else {
            readLoads(r, v);
        }
        if (counts && r.isSet("PROCS")) {
            throw r.error("PROCS", "is not used with CLIENT_COUNTS, which gives the simulated clients of every"
                    + " load point", "CLIENT_COUNTS alone, or PROCS alone (one point of PROCS x CLIENTS clients)");
        }
        TopSpeed.StepProcs steps = TopSpeedReader.readSteps(r);
        v.procs = counts || set ? 1 : engineInteger(r, "PROCS", steps == null ? 0 : steps.max());
        if (steps != null && v.procs != steps.max()) {
            throw r.error("PROCS", "differs from the maximum of STEP_PROCS (" + steps.max() + ")",
                    "PROCS unset, or equal to the last number of STEP_PROCS");
        }
        if (v.procs == 0) {
            throw r.missing("PROCS", "a whole number of procs per client, for example PROCS=4");
        }
        HostsRcReader.readClients(r, v);
        if (loadfile && !set) {
            readClientCounts(r, v, counts);
        }
        // with CLIENT_COUNTS a host's clients vary per point, and a set's are dealt to it: one mount
        // point per host, shared
        new MountPointsReader(r, v.fsProtocol, v.clients, counts || set ? 1 : v.procs).readInto(v);
        HostsRcReader.readCredentials(r, v);
        TransportRcReader.readTransport(r, v);
        HostsRcReader.checkIpVersion(r, v);
        readFolders(r, v);
        readTimes(r, v);
        HostsRcReader.readAgentAccess(r, v);
        readWorkload(r, v);
        AccessRcReader.refuseOutsideAccess(r, v.workload);
        readFileSet(r, v);
        v.topSpeed = TopSpeedReader.read(r, v, steps);
        readSwitches(r, v);
        LiveRcReader.read(r, v);
        v.outage = OutageRcReader.read(r, v.runtime, v.access != null || v.topSpeed.steps() != null);
        LoadfileRcReader.read(r, v);
        if (!loadfile) {
            checkRates(r, v);
        }
        return new RunConfig(v);
    }

    /** The workload a protocol runs unless WORKLOAD or MIXFILE says otherwise (the engine's choice). */
    public static String defaultWorkload(Backend p) {
        return p.standardWorkload();
    }

    /** An rc variable of {@link #ENGINE_KEYS}, checked against the engine key's own range. */
    static int engineInteger(RcReader r, String name, int def) throws RcException {
        EngineCatalog.Key k = EngineCatalog.get().key(ENGINE_KEYS.get(name));
        return r.integer(name, def, Math.toIntExact(k.minLong()), Math.toIntExact(k.maxLong()));
    }

    /** Same, with the engine key's default. */
    static int engineInteger(RcReader r, String name) throws RcException {
        EngineCatalog.Key k = EngineCatalog.get().key(ENGINE_KEYS.get(name));
        return engineInteger(r, name, Integer.parseInt(k.defaultValue()));
    }

    /** FS_PROTOCOL names of the backends that declare engine option {@code key}, "a or b". */
    static String backendsWith(String key) {
        return String.join(" or ", java.util.Arrays.stream(Backend.values())
                .filter(b -> b.info() != null && b.info().option(key) != null).map(Backend::rcName).toList());
    }

    private static Map<String, RcAssignment> index(Path rc, List<RcAssignment> all, Map<String, String> raw)
            throws RcException {
        Map<String, RcAssignment> byName = new LinkedHashMap<>();
        for (RcAssignment a : all) {
            String canon = RcVariables.canonical(a.name());
            if (canon == null) {
                String hint = EditDistance.didYouMean(a.name(), RcVariables.allSpellings());
                // the value of an unknown name may be another file's secret: it is not shown
                throw new RcException(rc, a.line(), a.name(), null, "unknown variable (its value is not shown)"
                        + hint,
                        hint.isEmpty() ? String.join(" ", RcVariables.NAMES) + " (NUM_PROCS = PROCS); see docs/rc-reference.md"
                                : "the variables of docs/rc-reference.md");
            }
            RcAssignment first = byName.get(canon);
            if (first != null) {
                String alias = first.name().equals(a.name()) ? "" : " (" + first.name() + " and " + a.name()
                        + " are the same variable)";
                throw new RcException(rc, a.line(), a.name(), "PASSWORD".equals(canon) ? RunConfig.MASK : a.value(),
                        "set twice, at lines " + first.line() + " and " + a.line() + alias,
                        "each variable once");
            }
            byName.put(canon, a);
            raw.put(a.name(), "PASSWORD".equals(canon) ? RunConfig.MASK : a.value());
        }
        return byName;
    }

    private static void readProtocol(RcReader r, RunConfig.Values v) throws RcException {
        String p = r.value("FS_PROTOCOL");
        if (p != null) {
            v.fsProtocol = Backend.fromRc(p);
            if (v.fsProtocol == null) {
                throw r.error("FS_PROTOCOL", "unknown protocol", Backend.rcNames() + " (any case)");
            }
            if (v.fsProtocol.info() == null) {
                throw r.error("FS_PROTOCOL", "this sfsbench was built without the " + v.fsProtocol.engineName()
                        + " backend", "the backends `sfs version` lists");
            }
        }
    }

    private static void readLoads(RcReader r, RunConfig.Values v) throws RcException {
        if (AccessRcReader.isAccess(r)) {
            AccessRcReader.refuseLoads(r);
            return;
        }
        List<String> words = r.words("LOAD");
        if (TopSpeedReader.isMax(r)) {
            for (String name : List.of("INCR_LOAD", "NUM_RUNS")) {
                if (r.isSet(name)) {
                    throw r.error(name, "has no meaning with LOAD=max (one unpaced load point)", "unset with LOAD=max");
                }
            }
            v.loads = List.of(0);
            return;
        }
        if (words.isEmpty()) {
            throw r.missing("LOAD", "load points in ops/s, LOAD=\"100 200 300\", LOAD=200 with INCR_LOAD and NUM_RUNS,"
                    + " or LOAD=max (unpaced)");
        }
        List<Integer> loads = new ArrayList<>();
        for (String w : words) {
            loads.add(r.parseInt("LOAD", w, 1, MAX_LOAD));
        }
        v.loadList = loads.size() > 1;
        boolean incr = r.isSet("INCR_LOAD");
        boolean runs = r.isSet("NUM_RUNS");
        if (v.loadList) {
            for (String name : List.of("INCR_LOAD", "NUM_RUNS")) {
                if (r.isSet(name)) {
                    throw r.error(name, "is used only with a single LOAD value, but LOAD (line " + r.line("LOAD")
                            + ") is a list of " + loads.size() + " load points",
                            "either LOAD=\"a list\" alone, or LOAD=first point with INCR_LOAD and NUM_RUNS");
                }
            }
        } else if (incr || runs) {
            if (!incr) {
                throw r.error("NUM_RUNS", "is used only together with INCR_LOAD",
                        "INCR_LOAD=step and NUM_RUNS=count with a single LOAD value");
            }
            if (!runs) {
                throw r.error("INCR_LOAD", "needs NUM_RUNS (the number of load points)",
                        "INCR_LOAD=step and NUM_RUNS=count with a single LOAD value");
            }
            v.incrLoad = r.integer("INCR_LOAD", 0, 0, MAX_LOAD);
            int n = r.integer("NUM_RUNS", 0, 1, 1000);
            int first = loads.get(0);
            if ((long) first + (long) v.incrLoad * (n - 1) > MAX_LOAD) {
                throw r.error("NUM_RUNS", "the last load point would exceed " + MAX_LOAD + " ops/s",
                        "LOAD + INCR_LOAD x (NUM_RUNS - 1) up to " + MAX_LOAD);
            }
            loads.clear();
            for (int k = 0; k < n; k++) {
                loads.add(first + v.incrLoad * k);
            }
            if (v.incrLoad != first) {
                v.warnings.add("LOAD=" + first + " differs from INCR_LOAD=" + v.incrLoad
                        + ": the load points are not equally spaced from zero (set them equal, guide 1.3).");
            }
        }
        v.loads = loads;
    }

    /** WORKLOAD=loadfile: the load points are clients (CLIENT_COUNTS), not ops/s. */
    private static void refuseLoads(RcReader r) throws RcException {
        for (String name : List.of("LOAD", "INCR_LOAD", "NUM_RUNS")) {
            if (r.isSet(name)) {
                throw r.error(name, "does not apply to WORKLOAD=loadfile, whose load points are numbers of"
                        + " simulated clients", "CLIENT_COUNTS=\"1 4 16\" (or PROCS for one point)");
            }
        }
    }

    /** A set of loadfiles (LOADFILE=folder/) is one point of one simulated client per loadfile. */
    private static void refuseCounts(RcReader r) throws RcException {
        for (String name : List.of("CLIENT_COUNTS", "PROCS")) {
            if (r.isSet(name)) {
                throw r.error(name, "does not apply when LOADFILE names a folder of loadfiles, each of which is one"
                        + " simulated client", "no " + name + " (LOADFILE_DEAL deals the loadfiles over CLIENTS)");
            }
        }
    }

    /** The simulated clients of each point, spread over CLIENTS; PROCS becomes the most on one host. */
    private static void readClientCounts(RcReader r, RunConfig.Values v, boolean counts) throws RcException {
        int hosts = v.clients.size();
        List<Integer> list = new ArrayList<>();
        if (!counts) {
            list.add(v.procs * hosts);
        }
        // a host's simulated clients are the procs of one engine
        long perHost = EngineCatalog.get().key("procs").maxLong();
        for (String w : counts ? r.words("CLIENT_COUNTS") : List.<String>of()) {
            int n = r.parseInt("CLIENT_COUNTS", w, 1, (int) Math.min(Integer.MAX_VALUE, perHost * hosts));
            if (n < hosts) {
                throw r.error("CLIENT_COUNTS", n + " clients cannot be spread over the " + hosts + " hosts of CLIENTS",
                        "at least one simulated client per CLIENTS host (" + hosts + ")");
            }
            list.add(n);
        }
        if (list.isEmpty()) {
            throw r.missing("CLIENT_COUNTS", "the simulated clients of each load point, e.g. CLIENT_COUNTS=\"1 4 16\"");
        }
        v.loads = list;
        v.loadList = list.size() > 1;
        if (counts) {
            int most = list.stream().max(Integer::compare).orElseThrow();
            v.procs = (most + hosts - 1) / hosts;
        }
    }

    private static void readFolders(RcReader r, RunConfig.Values v) throws RcException {
        v.workDir = directory(r, "WORK_DIR", r.rcDir());
        v.workDirSet = r.isSet("WORK_DIR");
        String home = System.getProperty("sfs.home");
        String sfsDir = r.value("SFS_DIR");
        if (sfsDir != null && !Path.of(sfsDir).isAbsolute()) {
            throw r.error("SFS_DIR", "not an absolute path", "the absolute path of the sfsbench tree on the clients");
        }
        v.sfsDir = sfsDir != null ? Path.of(sfsDir) : home != null ? Path.of(home).toAbsolutePath().normalize() : r.rcDir();
        String mon = r.value("PRIME_MON_SCRIPT");
        if (mon != null) {
            Path p = r.resolve(mon, List.of(v.workDir, r.rcDir()));
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw r.error("PRIME_MON_SCRIPT", "no executable file " + p,
                        "an executable program, absolute or relative to WORK_DIR or the rc file's folder");
            }
            v.primeMonScript = p;
        }
        v.primeMonArgs = r.words("PRIME_MON_ARGS");
        if (mon == null && !v.primeMonArgs.isEmpty()) {
            throw r.error("PRIME_MON_ARGS", "arguments without PRIME_MON_SCRIPT",
                    "PRIME_MON_ARGS together with PRIME_MON_SCRIPT");
        }
    }

    private static Path directory(RcReader r, String name, Path def) throws RcException {
        String d = r.value(name);
        if (d == null) {
            return def;
        }
        Path p = r.resolve(d, List.of(r.rcDir()));
        if (!Files.isDirectory(p)) {
            throw r.error(name, "no such directory " + p, "an existing directory, absolute or relative to the rc file's folder");
        }
        return p;
    }

    private static void readTimes(RcReader r, RunConfig.Values v) throws RcException {
        readWarmup(r, v);
        v.runtime = r.integer("RUNTIME", 300, 1, MAX_SECONDS);
        v.initTimeout = r.integer("INIT_TIMEOUT", 8000, 1, MAX_SECONDS);
        v.sampleInterval = r.integer("SAMPLE_INTERVAL", 10, 1, 3600);
        if (v.sampleInterval > v.runtime) {
            v.warnings.add("SAMPLE_INTERVAL=" + v.sampleInterval + " s is longer than RUNTIME=" + v.runtime
                    + " s: only the final counters will be sampled.");
        }
        v.trials = r.integer("TRIALS", 1, 1, 100);
        v.primeSleep = r.integer("PRIME_SLEEP", 0, 0, MAX_SECONDS);
        v.primeTimeout = r.integer("PRIME_TIMEOUT", 0, 0, MAX_SECONDS);
        v.clockSync = r.bool("CLOCK_SYNC", true);
        v.agentPort = r.integer("AGENT_PORT", 50777, 1024, 65535);
    }

    /**
     * WARMUP_TIME: seconds, or "steady" (docs/steady-state.md): warm-up ends when throughput and p99
     * stop drifting, at the latest after WARMUP_MAX seconds, which then stands for WARMUP_TIME in
     * every plan and estimate (the worst case).
     */
    private static void readWarmup(RcReader r, RunConfig.Values v) throws RcException {
        String w = r.value("WARMUP_TIME");
        v.steadyWarmup = "steady".equalsIgnoreCase(w);
        if (v.steadyWarmup) {
            v.warmupTime = r.integer("WARMUP_MAX", STEADY_CAP_DEFAULT, 1, MAX_SECONDS);
            // one interval per poll, once a second: a shorter warm-up never fills the detector's window
            if (v.warmupTime < SteadyState.WINDOW) {
                throw r.error("WARMUP_MAX", "shorter than the steady-state window (" + SteadyState.WINDOW
                        + " one-second intervals): warm-up could never settle", "a whole number from "
                        + SteadyState.WINDOW + " to " + MAX_SECONDS + " (docs/steady-state.md)");
            }
            return;
        }
        if (r.isSet("WARMUP_MAX")) {
            throw r.error("WARMUP_MAX", "caps a steady-state warm-up, but WARMUP_TIME is not steady",
                    "unset, or WARMUP_TIME=steady");
        }
        if (w != null && !w.matches("[+]?\\d{1,10}")) {
            throw r.error("WARMUP_TIME", "'" + w + "' is not a whole number nor steady",
                    "a whole number of seconds from 0 to " + MAX_SECONDS + ", or steady (docs/steady-state.md)");
        }
        v.warmupTime = r.integer("WARMUP_TIME", 300, 0, MAX_SECONDS);
    }

    private static void readWorkload(RcReader r, RunConfig.Values v) throws RcException {
        String mix = r.value("MIXFILE");
        if (mix != null) {
            if (!EngineCatalog.get().workload("mixfile").runsOn().contains(v.fsProtocol.engineName())) {
                throw r.error("MIXFILE", "a mix file is available only for NFS testing (guide 3.3.1)",
                        "MIXFILE with FS_PROTOCOL=nfs (or the posix extension)");
            }
            v.mixFile = r.resolve(mix, List.of(v.workDir, r.rcDir()));
            v.mix = MixFile.readFor(v.mixFile, r.rcFile(), r.line("MIXFILE"), mix);
        }
        String w = r.value("WORKLOAD");
        if (w == null) {
            v.workload = mix != null ? "mixfile" : defaultWorkload(v.fsProtocol);
            return;
        }
        v.workload = w.toLowerCase(Locale.ROOT);
        List<String> workloads = EngineCatalog.get().rcWorkloads();
        if (!workloads.contains(v.workload)) {
            throw r.error("WORKLOAD", "unknown workload" + EditDistance.didYouMean(w, workloads), String.join(", ", workloads));
        }
        if (v.workload.equals("mixfile") != (mix != null)) {
            throw r.error("WORKLOAD", mix != null ? "MIXFILE (line " + r.line("MIXFILE") + ") implies WORKLOAD=mixfile"
                    : "WORKLOAD=mixfile needs MIXFILE", "WORKLOAD=mixfile exactly when MIXFILE is set");
        }
        if (TopSpeed.isDataset(v.workload)) {
            return;
        }
        if (v.workload.equals("access")) {
            AccessRcReader.read(r, v);
            return;
        }
        if (!EngineCatalog.get().workload(v.workload).runsOn().contains(v.fsProtocol.engineName())) {
            throw r.error("WORKLOAD", "does not run over FS_PROTOCOL=" + v.fsProtocol.rcName(), workloadsByBackend());
        }
    }

    /** "sfs2008-nfs or mixfile for nfs, ..." from the engine's catalog. */
    private static String workloadsByBackend() {
        List<String> parts = new ArrayList<>();
        for (Backend b : Backend.values()) {
            if (b.info() == null) {
                continue;
            }
            List<String> names = EngineCatalog.get().rcWorkloads().stream()
                    .filter(w -> EngineCatalog.get().workload(w).runsOn().contains(b.engineName())).toList();
            parts.add(String.join(" or ", names) + " for " + b.rcName());
        }
        return String.join(", ", parts);
    }

    private static void readFileSet(RcReader r, RunConfig.Values v) throws RcException {
        v.accessPcnt = engineInteger(r, "ACCESS_PCNT");
        v.appendPcnt = engineInteger(r, "APPEND_PCNT");
        v.dataCompressPct = engineInteger(r, "DATA_COMPRESS_PCT");
        v.dataDedupPct = engineInteger(r, "DATA_DEDUP_PCT");
        v.dirCount = engineInteger(r, "DIR_COUNT");
        v.symlinkCount = engineInteger(r, "SYMLINK_COUNT");
        String scale = r.value("FILESET_SCALE");
        if (scale != null) {
            // the engine's fileset_scale key owns the range
            EngineCatalog.Key k = EngineCatalog.get().key("fileset_scale");
            String allowed = "a number from " + plain(k.min()) + " to " + plain(k.max())
                    + " (e.g. 0.01); values below 1 are not disclosable";
            double s;
            try {
                s = Double.parseDouble(scale);
            } catch (NumberFormatException e) {
                throw r.error("FILESET_SCALE", "not a number", allowed);
            }
            if (!(s > 0 && s <= k.max())) {
                throw r.error("FILESET_SCALE", "out of range", allowed);
            }
            if (s < k.min()) {
                throw r.error("FILESET_SCALE", "below " + plain(k.min()) + ", where a proc's file set is a few"
                        + " 1 KiB files and the 1 KiB size tolerance too coarse (docs/workloads.md, Tolerance)", allowed);
            }
            v.filesetScale = s;
        }
    }

    /** SMB_CLIENT values: the smb backend's smb_client key (docs/smb.md); none when it is not built. */
    public static List<String> smbClients() {
        EngineCatalog.BackendInfo smb = Backend.CIFS.info();
        EngineCatalog.Key k = smb == null ? null : smb.option("smb_client");
        return k == null ? List.of() : k.choices();
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void readSwitches(RcReader r, RunConfig.Values v) throws RcException {
        String debug = r.value("DEBUG");
        if (debug != null) {
            try {
                v.debugFlags = DebugFlag.parseList(debug);
            } catch (IllegalArgumentException e) {
                throw r.error("DEBUG", e.getMessage(),
                        "comma-separated flags 1 to 13 and ranges low-high, e.g. \"3,4,8-10\"");
            }
            if (v.debugFlags.contains(DebugFlag.DEBUG_NEW_CODE.value())) {
                v.warnings.add("DEBUG flag 1 (DEBUG_NEW_CODE) is obsolete and unused (guide Table 3): it changes"
                        + " nothing, but is recorded like every DEBUG flag.");
            }
        }
        RefusedVariables.check(r, TopSpeed.isDataset(v.workload));
        v.fileCount = r.integer("FILE_COUNT", 0, 1, (int) EngineCatalog.get().key("file_count").maxLong());
    }

    private static void checkRates(RcReader r, RunConfig.Values v) throws RcException {
        if (v.topSpeed.unpaced() || v.access != null) {
            return; // unpaced: LOAD=max, access steps
        }
        int total = v.procs * v.clients.size();
        int lo = v.loads.stream().min(Integer::compare).orElseThrow();
        int hi = v.loads.stream().max(Integer::compare).orElseThrow();
        if (lo / total == 0) {
            throw r.error("LOAD", "load point " + lo + " gives 0 ops/s per proc with " + total + " procs ("
                    + v.clients.size() + " client(s) x PROCS=" + v.procs + ")",
                    "load points of at least " + total + " ops/s, or fewer procs");
        }
        if (lo / total < MIN_RATE_ADVISED) {
            v.warnings.add("the lowest load point (" + lo + ") gives " + lo / total + " ops/s per proc; the guide"
                    + " advises at least " + MIN_RATE_ADVISED + " (use fewer procs or clients).");
        }
        if (hi / total > MAX_RATE_ADVISED) {
            v.warnings.add("the highest load point (" + hi + ") gives " + hi / total + " ops/s per proc; the guide"
                    + " advises at most " + MAX_RATE_ADVISED + " (use more procs or clients).");
        }
    }
}
