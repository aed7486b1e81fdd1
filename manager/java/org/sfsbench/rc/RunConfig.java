package org.sfsbench.rc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.sfsbench.engine.Backend;

/**
 * A checked rc file: every variable typed, defaulted and cross-checked. Immutable. Made by
 * {@link RcParser#parse(Path)}; turned into load points by {@code RunPlan.from(config)}.
 */
public final class RunConfig {

    /** What PASSWORD shows as in {@link #variables()} and {@link #toString()}. */
    public static final String MASK = "********";

    private final Path rcFile;
    private final List<Integer> loads;
    private final boolean loadList;
    private final int incrLoad;
    private final List<String> clients;
    private final int procs;
    private final MountPointForm mountPointForm;
    private final Path mountPointsFile;
    private final List<MountPoint> mountPoints;
    private final List<List<MountPoint>> mountPointsByClient;
    private final Backend fsProtocol;
    private final String username;
    private final String password;
    private final String domain;
    private final String smbClient;
    private final int nfsUserId;
    private final int nfsGroupId;
    private final int biodMaxReads;
    private final int biodMaxWrites;
    private final Path sfsDir;
    private final Path workDir;
    private final boolean workDirSet;
    private final Path primeMonScript;
    private final String live;
    private final String serverMon;
    private final OutageSettings outage;
    private final List<String> primeMonArgs;
    private final int warmupTime;
    private final boolean steadyWarmup;
    private final int runtime;
    private final int initTimeout;
    private final int blockSize;
    private final Path mixFile;
    private final Map<String, Integer> mix;
    private final int accessPcnt;
    private final Set<Integer> debugFlags;
    private final String workload;
    private final LoadfileSettings loadfile;
    private final double filesetScale;
    private final int sampleInterval;
    private final int agentPort;
    private final AgentAccess agentAccess;
    private final int appendPcnt;
    private final int dataCompressPct;
    private final int dataDedupPct;
    private final int dirCount;
    private final int symlinkCount;
    private final int fileCount;
    private final TopSpeed topSpeed;
    private final int trials;
    private final int primeSleep;
    private final int primeTimeout;
    private final boolean clockSync;
    private final boolean ipv6Enable;
    private final boolean directIo;
    private final int eventLoops;
    private final int uringSpinUs;
    private final org.sfsbench.access.AccessTest access;
    private final Map<String, String> variables;
    private final List<String> warnings;

    RunConfig(Values v) {
        rcFile = v.rcFile;
        loads = List.copyOf(v.loads);
        loadList = v.loadList;
        incrLoad = v.incrLoad;
        clients = List.copyOf(v.clients);
        procs = v.procs;
        mountPointForm = v.mountPointForm;
        mountPointsFile = v.mountPointsFile;
        mountPoints = List.copyOf(v.mountPoints);
        List<List<MountPoint>> byClient = new ArrayList<>();
        for (List<MountPoint> l : v.mountPointsByClient) {
            byClient.add(List.copyOf(l));
        }
        mountPointsByClient = List.copyOf(byClient);
        fsProtocol = v.fsProtocol;
        username = v.username;
        password = v.password;
        domain = v.domain;
        smbClient = v.smbClient;
        nfsUserId = v.nfsUserId;
        nfsGroupId = v.nfsGroupId;
        biodMaxReads = v.biodMaxReads;
        biodMaxWrites = v.biodMaxWrites;
        sfsDir = v.sfsDir;
        workDir = v.workDir;
        workDirSet = v.workDirSet;
        primeMonScript = v.primeMonScript;
        live = v.live;
        serverMon = v.serverMon;
        outage = v.outage;
        primeMonArgs = List.copyOf(v.primeMonArgs);
        warmupTime = v.warmupTime;
        steadyWarmup = v.steadyWarmup;
        runtime = v.runtime;
        initTimeout = v.initTimeout;
        blockSize = v.blockSize;
        mixFile = v.mixFile;
        mix = v.mix == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(v.mix));
        accessPcnt = v.accessPcnt;
        debugFlags = Collections.unmodifiableSet(new TreeSet<>(v.debugFlags));
        workload = v.workload;
        loadfile = v.loadfile;
        filesetScale = v.filesetScale;
        sampleInterval = v.sampleInterval;
        agentPort = v.agentPort;
        agentAccess = v.agentAccess;
        appendPcnt = v.appendPcnt;
        dataCompressPct = v.dataCompressPct;
        dataDedupPct = v.dataDedupPct;
        dirCount = v.dirCount;
        symlinkCount = v.symlinkCount;
        fileCount = v.fileCount;
        topSpeed = v.topSpeed;
        trials = v.trials;
        primeSleep = v.primeSleep;
        primeTimeout = v.primeTimeout;
        clockSync = v.clockSync;
        ipv6Enable = v.ipv6Enable;
        directIo = v.directIo;
        eventLoops = v.eventLoops;
        uringSpinUs = v.uringSpinUs;
        access = v.access;
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(v.variables));
        warnings = List.copyOf(v.warnings);
    }

    /** The rc file this came from (absolute, normalised). */
    public Path rcFile() {
        return rcFile;
    }

    /** The nominal load points in ops/s, in run order (from the LOAD list, or LOAD/INCR_LOAD/NUM_RUNS). */
    public List<Integer> loads() {
        return loads;
    }

    /** True when LOAD was written as a list of load points. */
    public boolean loadIsList() {
        return loadList;
    }

    /** INCR_LOAD, or 0 when LOAD is a list (or a single point). */
    public int incrLoad() {
        return incrLoad;
    }

    /** NUM_RUNS: the number of load points. */
    public int numRuns() {
        return loads.size();
    }

    /** CLIENTS, in order (client 1 first). */
    public List<String> clients() {
        return clients;
    }

    /** PROCS (or NUM_PROCS): load-generating procs per client. */
    public int procs() {
        return procs;
    }

    public MountPointForm mountPointForm() {
        return mountPointForm;
    }

    /** The mount-points file (FILE form), else null. */
    public Path mountPointsFile() {
        return mountPointsFile;
    }

    /** MNT_POINTS as written (list forms), or the file's entries client by client (FILE form). */
    public List<MountPoint> mountPoints() {
        return mountPoints;
    }

    /**
     * The PROCS mount points of one client, proc 0 first.
     *
     * @param clientIndex 0-based index into {@link #clients()}
     */
    public List<MountPoint> mountPointsOf(int clientIndex) {
        return mountPointsByClient.get(clientIndex);
    }

    public Backend fsProtocol() {
        return fsProtocol;
    }

    /** USERNAME (CIFS), "" when unset. */
    public String username() {
        return username;
    }

    /** PASSWORD (CIFS) in clear, "" when unset: never log or print it. */
    public String password() {
        return password;
    }

    /** DOMAIN (CIFS), "" when unset. */
    public String domain() {
        return domain;
    }

    /** SMB_CLIENT (CIFS): the engine's SMB client library, "" = the engine's default (libsmb2). */
    public String smbClient() {
        return smbClient;
    }

    /** The backend options of the engine configuration besides credentials ("key=value" lines). */
    public String backendOptions() {
        return fsProtocol.info().option("smb_client") != null && !smbClient.isEmpty() ? "smb_client=" + smbClient : "";
    }

    /** SFS_NFS_USER_ID, default the uid of this process. */
    public int nfsUserId() {
        return nfsUserId;
    }

    /** SFS_NFS_GROUP_ID, default the gid of this process. */
    public int nfsGroupId() {
        return nfsGroupId;
    }

    public int biodMaxReads() {
        return biodMaxReads;
    }

    public int biodMaxWrites() {
        return biodMaxWrites;
    }

    /** SFS_DIR (absolute), default the sfsbench installation ({@code sfs.home}) or the rc folder. */
    public Path sfsDir() {
        return sfsDir;
    }

    /** WORK_DIR (absolute), default the rc file's folder. */
    public Path workDir() {
        return workDir;
    }

    /**
     * Where the result files go unless {@code -d} says otherwise: WORK_DIR when it is set (the
     * guide: logging and output files live there), else the {@code results} folder of the sfsbench
     * installation.
     */
    public Path resultsDir() {
        return workDirSet ? workDir : Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath().normalize()
                .resolve("results");
    }

    /** LIVE: the live page's [ADDR:]PORT, or null (docs/live.md). */
    public String live() {
        return live;
    }

    /** OUTAGE, OUTAGE_MAX, DISRUPT, DISRUPT_AT (docs/running.md "Outages"). */
    public OutageSettings outage() {
        return outage;
    }

    /** SERVER_MON: local, ssh:[USER@]HOST or a command, or null (docs/live.md). */
    public String serverMon() {
        return serverMon;
    }

    /** PRIME_MON_SCRIPT (absolute), or null. */
    public Path primeMonScript() {
        return primeMonScript;
    }

    /** PRIME_MON_ARGS split on white space. */
    public List<String> primeMonArgs() {
        return primeMonArgs;
    }

    /** WARMUP_TIME in seconds; with WARMUP_TIME=steady, WARMUP_MAX (the longest a warm-up may take). */
    public int warmupTime() {
        return warmupTime;
    }

    /** True for WARMUP_TIME=steady: warm-up ends at steady state, at the latest after {@link #warmupTime()}. */
    public boolean steadyWarmup() {
        return steadyWarmup;
    }

    /** RUNTIME in seconds. */
    public int runtime() {
        return runtime;
    }

    /** INIT_TIMEOUT in seconds. */
    public int initTimeout() {
        return initTimeout;
    }

    /** BLOCK_SIZE in bytes; 0 = negotiate with the server. */
    public int blockSize() {
        return blockSize;
    }

    /** The MIXFILE (absolute), or null. */
    public Path mixFile() {
        return mixFile;
    }

    /** The MIXFILE's op shares (op name lower case to percent, file order), or null without MIXFILE. */
    public Map<String, Integer> mix() {
        return mix;
    }

    public int accessPcnt() {
        return accessPcnt;
    }

    /** DEBUG flag numbers (1..13), ascending; empty when DEBUG is unset. */
    public Set<Integer> debugFlags() {
        return debugFlags;
    }

    /** The guide's names of {@link #debugFlags()}, same order. */
    public List<String> debugFlagNames() {
        List<String> names = new ArrayList<>();
        for (int f : debugFlags) {
            names.add(DebugFlag.of(f).name());
        }
        return names;
    }

    /** The access-spec test of WORKLOAD=access, else null. */
    public org.sfsbench.access.AccessTest access() {
        return access;
    }

    /**
     * The access step a load point of the results ran (1-based): the test's steps in order, or, with an
     * SLO, its one step for every probe (docs/slo.md).
     */
    public org.sfsbench.access.AccessStep accessStep(int pointIndex) {
        return access.step(topSpeed.slo() != null ? 1 : pointIndex);
    }

    /** WORKLOAD=loadfile settings, or null for the other workloads. */
    public LoadfileSettings loadfile() {
        return loadfile;
    }

    /** WORKLOAD: sfs2008-nfs, sfs2008-cifs, mixfile or loadfile. */
    public String workload() {
        return workload;
    }

    /** FILESET_SCALE: factor on the file-set size, 0 < scale <= 1. */
    public double filesetScale() {
        return filesetScale;
    }

    /** SAMPLE_INTERVAL in seconds. */
    public int sampleInterval() {
        return sampleInterval;
    }

    /** AGENT_PORT: the RMI port of the agents on other hosts. */
    public int agentPort() {
        return agentPort;
    }

    /** AGENT_START, SSH_*, AGENT_TLS and SFS_DIR as the agents of other hosts use them. */
    public AgentAccess agentAccess() {
        return agentAccess;
    }

    /** APPEND_PCNT: percent of writes that append. */
    public int appendPcnt() {
        return appendPcnt;
    }

    /** DATA_COMPRESS_PCT: percent of written data a compressor can remove (0 = incompressible). */
    public int dataCompressPct() {
        return dataCompressPct;
    }

    /** DATA_DEDUP_PCT: percent of written 4 KiB blocks that duplicate another (0 = all unique). */
    public int dataDedupPct() {
        return dataDedupPct;
    }

    /** DIR_COUNT: files per directory. */
    public int dirCount() {
        return dirCount;
    }

    /** SYMLINK_COUNT: symbolic links per proc. */
    public int symlinkCount() {
        return symlinkCount;
    }

    /** FILE_COUNT: files of a data-set workload's data set (docs/top-speed.md); 0 = one per proc. */
    public int fileCount() {
        return fileCount;
    }

    /** LOAD=max, the data-set workloads' sizes, steps and curve (docs/top-speed.md). */
    public TopSpeed topSpeed() {
        return topSpeed;
    }

    /** TRIALS: how many times each load point, step or access step is measured (docs/compare.md). */
    public int trials() {
        return trials;
    }

    /** PRIME_SLEEP: seconds the prime waits between load points. */
    public int primeSleep() {
        return primeSleep;
    }

    /** PRIME_TIMEOUT: seconds the prime waits for a client at a phase barrier; 0 = derived. */
    public int primeTimeout() {
        return primeTimeout;
    }

    /** CLOCK_SYNC: phase instants go to each agent in its own clock (docs/running.md, "Clocks"). */
    public boolean clockSync() {
        return clockSync;
    }

    public boolean ipv6Enable() {
        return ipv6Enable;
    }

    /** EVENT_LOOPS: event loops (threads) of each client's asynchronous engine, 0 = its online CPUs. */
    public int eventLoops() {
        return eventLoops;
    }

    /** URING_SPIN_US: microseconds a posix wait for queued completions polls before it sleeps. */
    public int uringSpinUs() {
        return uringSpinUs;
    }

    /** DIRECT_IO: posix data files bypass the client's page cache (O_DIRECT). */
    public boolean directIo() {
        return directIo;
    }

    /** The variables as written (name to value, file order), PASSWORD shown as {@link #MASK}. */
    public Map<String, String> variables() {
        return variables;
    }

    /** Advice that does not stop a run (per-proc rate outside 10..250 ops/s, ignored variables, ...). */
    public List<String> warnings() {
        return warnings;
    }

    /** Total procs: PROCS x clients. */
    public int totalProcs() {
        return procs * clients.size();
    }

    @Override
    public String toString() {
        return "RunConfig" + variables + " from " + rcFile;
    }

    /** Mutable holder the parser fills; copied into the immutable config. */
    static final class Values {
        Path rcFile;
        List<Integer> loads = List.of();
        boolean loadList;
        int incrLoad;
        List<String> clients = List.of();
        int procs;
        MountPointForm mountPointForm;
        Path mountPointsFile;
        List<MountPoint> mountPoints = List.of();
        List<List<MountPoint>> mountPointsByClient = List.of();
        Backend fsProtocol = Backend.NFS;
        String username = "";
        String password = "";
        String domain = "";
        String smbClient = "";
        int nfsUserId;
        int nfsGroupId;
        int biodMaxReads = 2;
        int biodMaxWrites = 2;
        Path sfsDir;
        Path workDir;
        boolean workDirSet;
        Path primeMonScript;
        String live;
        String serverMon;
        OutageSettings outage = OutageSettings.none();
        List<String> primeMonArgs = List.of();
        int warmupTime = 300;
        boolean steadyWarmup;
        org.sfsbench.access.AccessTest access;
        int runtime = 300;
        int initTimeout = 8000;
        int blockSize;
        Path mixFile;
        Map<String, Integer> mix;
        int accessPcnt = 30;
        Set<Integer> debugFlags = Set.of();
        String workload;
        LoadfileSettings loadfile;
        double filesetScale = 1.0;
        int sampleInterval = 10;
        int agentPort = 50777;
        AgentAccess agentAccess = AgentAccess.defaults();
        int appendPcnt = 70;
        int dataCompressPct;
        int dataDedupPct;
        int dirCount = 30;
        int symlinkCount = 20;
        int fileCount;
        TopSpeed topSpeed = TopSpeed.none();
        int trials = 1;
        int primeSleep;
        int primeTimeout;
        boolean clockSync = true;
        boolean ipv6Enable;
        boolean directIo;
        int eventLoops;
        int uringSpinUs;
        Map<String, String> variables = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
    }
}
