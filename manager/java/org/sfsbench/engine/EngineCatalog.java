package org.sfsbench.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the engine declares about itself (native/include/sfsengine.h, "Catalog"): op names,
 * workloads with their standard mixes, backends with their ops, capabilities and options, and the
 * core configuration keys with their ranges. Read once through JNA and cached; Java keeps no copy
 * of these facts.
 */
public final class EngineCatalog {
    /** Key types of sfsengine.h (SFS_KEY_*, numbered by the engine). */
    public enum KeyType {
        INT, NUM, TEXT, SECRET, CHOICE, SPECIAL;

        static KeyType of(int code) {
            for (KeyType t : values()) {
                if (EngineFacts.integer("SFS_KEY_" + t.name()) == code) {
                    return t;
                }
            }
            throw new IllegalArgumentException("the engine declares a key type " + code + " this jar does not know");
        }
    }

    /** Workload flags of sfsengine.h (SFS_WORKLOAD_*). */
    private static final int WORKLOAD_RC = EngineFacts.integer("SFS_WORKLOAD_RC");
    private static final int WORKLOAD_DATASET = EngineFacts.integer("SFS_WORKLOAD_DATASET");

    /** Backend capability flags of sfsengine.h (SFS_CAP_*). */
    public static final int CAP_ASYNC = EngineFacts.integer("SFS_CAP_ASYNC");
    public static final int CAP_NETWORK = EngineFacts.integer("SFS_CAP_NETWORK");
    public static final int CAP_NO_IO = EngineFacts.integer("SFS_CAP_NO_IO");
    public static final int CAP_DIRECT_IO = EngineFacts.integer("SFS_CAP_DIRECT_IO");
    public static final int CAP_NFS_RPC = EngineFacts.integer("SFS_CAP_NFS_RPC");
    public static final int CAP_CREDENTIALS = EngineFacts.integer("SFS_CAP_CREDENTIALS");
    public static final int CAP_LOCAL_FS = EngineFacts.integer("SFS_CAP_LOCAL_FS");

    /** Op flags of sfsengine.h (SFS_OPF_*). */
    private static final int OPF_READS_DATA = EngineFacts.integer("SFS_OPF_READS_DATA");
    private static final int OPF_WRITES_DATA = EngineFacts.integer("SFS_OPF_WRITES_DATA");

    /** One configuration key: a core key or a backend option. Ranges apply to INT and NUM. */
    public record Key(String name, KeyType type, double min, double max, String defaultValue, String help) {
        /** Whole-number minimum (INT keys). */
        public long minLong() {
            return (long) min;
        }

        /** Whole-number maximum (INT keys). */
        public long maxLong() {
            return (long) max;
        }

        /** The allowed words of a CHOICE key (its help lists them, '|' separated); empty for other types. */
        public List<String> choices() {
            return type == KeyType.CHOICE ? List.of(help.split("\\|")) : List.of();
        }
    }

    /**
     * A workload.
     *
     * @param rcSelectable    an rc file may name it (WORKLOAD=); the others serve tools such as sfsload
     * @param dataset         it reads or writes one data set per client of working_set bytes
     * @param ops             ids of the ops it may issue, INIT included
     * @param standardMix     percent per op id, empty when the mix comes from the 'mix' key
     * @param runsOn          names of the backends that implement every op it issues
     * @param rules           what judges its results
     */
    public record Workload(String name, String description, boolean rcSelectable, boolean dataset, Set<Integer> ops,
            Map<Integer, Double> standardMix, Set<String> runsOn, WorkloadRules rules) {
    }

    /** A backend: the ops it can put on the wire, its capability flags and its own options. */
    public record BackendInfo(String name, String description, int caps, Set<Integer> issues, String standardWorkload,
            List<Key> options) {
        /** The option called {@code key}, or null. */
        public Key option(String key) {
            return options.stream().filter(k -> k.name().equals(key)).findFirst().orElse(null);
        }

        public boolean has(int cap) {
            return (caps & cap) != 0;
        }
    }

    private static volatile EngineCatalog instance;
    /** An indexed core key ("target.0") is declared once, as "target.N". */
    private static final java.util.regex.Pattern INDEXED = java.util.regex.Pattern.compile("\\.[0-9]+$");

    private final List<String> opNames;
    private final int[] opFlags;
    private final Map<String, Workload> workloads;
    private final Map<String, BackendInfo> backends;
    private final Map<String, Key> coreKeys;

    private EngineCatalog() {
        int ops = NativeEngine.sfs_engine_op_count();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < ops; i++) {
            names.add(NativeEngine.sfs_engine_op_name(i));
        }
        opNames = List.copyOf(names);
        opFlags = new int[ops];
        for (int i = 0; i < ops; i++) {
            opFlags[i] = NativeEngine.sfs_engine_op_flags(i);
        }
        Map<String, BackendInfo> bs = new LinkedHashMap<>();
        int nb = NativeEngine.sfs_engine_backend_count();
        for (int b = 0; b < nb; b++) {
            Set<Integer> issues = new TreeSet<>();
            for (int op = 0; op < ops; op++) {
                if (NativeEngine.sfs_engine_backend_issues(b, op) != 0) {
                    issues.add(op);
                }
            }
            String name = NativeEngine.sfs_engine_backend_name(b);
            bs.put(name, new BackendInfo(name, NativeEngine.sfs_engine_backend_description(b),
                    NativeEngine.sfs_engine_backend_caps(b), Collections.unmodifiableSet(issues),
                    NativeEngine.sfs_engine_backend_standard_workload(b), List.copyOf(keys(b).values())));
        }
        backends = Collections.unmodifiableMap(bs);
        Map<String, Workload> ws = new LinkedHashMap<>();
        for (int w = 0; w < NativeEngine.sfs_engine_workload_count(); w++) {
            Map<Integer, Double> mix = new LinkedHashMap<>();
            Set<Integer> issues = new TreeSet<>();
            for (int op = 0; op < ops; op++) {
                if (NativeEngine.sfs_engine_workload_issues(w, op) != 0) {
                    issues.add(op);
                }
                double pct = NativeEngine.sfs_engine_workload_mix(w, op);
                if (pct > 0) {
                    mix.put(op, pct);
                }
            }
            Set<String> on = new TreeSet<>();
            for (int b = 0; b < nb; b++) {
                if (NativeEngine.sfs_engine_workload_runs_on(w, b) != 0) {
                    on.add(NativeEngine.sfs_engine_backend_name(b));
                }
            }
            String name = NativeEngine.sfs_engine_workload_name(w);
            int flags = NativeEngine.sfs_engine_workload_flags(w);
            ws.put(name, new Workload(name, NativeEngine.sfs_engine_workload_description(w),
                    (flags & WORKLOAD_RC) != 0, (flags & WORKLOAD_DATASET) != 0, Collections.unmodifiableSet(issues),
                    Collections.unmodifiableMap(mix),
                    Collections.unmodifiableSet(on),
                    WorkloadRules.ofEngine(NativeEngine.sfs_engine_workload_rules(w), name)));
        }
        workloads = Collections.unmodifiableMap(ws);
        coreKeys = keys(-1);
    }

    private static Map<String, Key> keys(int backend) {
        Map<String, Key> out = new LinkedHashMap<>();
        for (int k = 0; k < NativeEngine.sfs_engine_key_count(backend); k++) {
            String name = NativeEngine.sfs_engine_key_name(backend, k);
            out.put(name, new Key(name, KeyType.of(NativeEngine.sfs_engine_key_type(backend, k)),
                    NativeEngine.sfs_engine_key_min(backend, k), NativeEngine.sfs_engine_key_max(backend, k),
                    NativeEngine.sfs_engine_key_default(backend, k), NativeEngine.sfs_engine_key_help(backend, k)));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The engine's catalog, read on first use. */
    public static EngineCatalog get() {
        EngineCatalog c = instance;
        if (c == null) {
            synchronized (EngineCatalog.class) {
                c = instance;
                if (c == null) {
                    c = new EngineCatalog();
                    instance = c;
                }
            }
        }
        return c;
    }

    /** Op names indexed by op id. */
    public List<String> opNames() {
        return opNames;
    }

    /** Whether op {@code op} brings file data from the server (its bytes are data read). */
    public boolean readsData(int op) {
        return op >= 0 && op < opFlags.length && (opFlags[op] & OPF_READS_DATA) != 0;
    }

    /** Whether op {@code op} sends file data to the server (its bytes are data written). */
    public boolean writesData(int op) {
        return op >= 0 && op < opFlags.length && (opFlags[op] & OPF_WRITES_DATA) != 0;
    }

    /** Every registered workload, by name (name order). */
    public Map<String, Workload> workloads() {
        return workloads;
    }

    /** The workload called {@code name}, or null. */
    public Workload workload(String name) {
        return workloads.get(name);
    }

    /** Names of the workloads an rc file may name, in name order. */
    public List<String> rcWorkloads() {
        return workloads.values().stream().filter(Workload::rcSelectable).map(Workload::name).toList();
    }

    /** Every compiled-in backend, by engine name (name order). */
    public Map<String, BackendInfo> backends() {
        return backends;
    }

    /** The backend with engine name {@code name}, or null when this library was built without it. */
    public BackendInfo backend(String name) {
        return backends.get(name);
    }

    /** The core configuration keys, by name. */
    public Map<String, Key> coreKeys() {
        return coreKeys;
    }

    /**
     * The key called {@code name}: a core key, else the option of the first backend that declares it
     * (backends that share an option declare it from one definition, native/src/core/options.h).
     */
    public Key key(String name) {
        Key k = coreKeys.get(INDEXED.matcher(name).replaceFirst(".N"));
        if (k != null) {
            return k;
        }
        for (BackendInfo b : backends.values()) {
            Key o = b.option(name);
            if (o != null) {
                return o;
            }
        }
        throw new IllegalArgumentException("the engine has no key '" + name + "'");
    }
}
