package org.sfsbench.rc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.sfsbench.InputFiles;
import org.sfsbench.access.AccessSpec;
import org.sfsbench.access.Active;
import org.sfsbench.access.AccessSpecException;
import org.sfsbench.access.AccessTest;
import org.sfsbench.access.BuiltinSpecs;
import org.sfsbench.access.IcfConfig;
import org.sfsbench.access.IcfParser;
import org.sfsbench.access.Sizes;
import org.sfsbench.access.SpecFileParser;
import org.sfsbench.engine.Backend;
import org.sfsbench.engine.EngineCatalog;

/**
 * The rc variables of WORKLOAD=access (docs/access-specs.md): ACCESS_SPECS (an access-spec file,
 * an Iometer .icf, or a built-in spec's name), OUTSTANDING_IOS, RAMP_UP_TIME, RUNTIME per step,
 * ACCESS_FILE_SIZE and ACCESS_TARGET_WRITES.
 */
final class AccessRcReader {
    private static final int MAX_SECONDS = 7 * 24 * 3600;
    private static final long DEFAULT_FILE_SIZE = 256L << 20;

    private AccessRcReader() {
    }

    static boolean isAccess(RcReader r) {
        String w = r.value("WORKLOAD");
        return w != null && w.toLowerCase(Locale.ROOT).equals("access");
    }

    /** Load points do not apply: the steps come from the specs and outstanding I/Os. */
    static void refuseLoads(RcReader r) throws RcException {
        for (String name : List.of("LOAD", "INCR_LOAD", "NUM_RUNS", "WARMUP_TIME", "MIXFILE")) {
            if (r.isSet(name)) {
                throw r.error(name, "does not apply to WORKLOAD=access, whose steps run unpaced (spec x"
                        + " outstanding I/Os x workers)", "ACCESS_SPECS, OUTSTANDING_IOS, RAMP_UP_TIME, RUNTIME");
            }
        }
    }

    /** The access variables are refused with the other workloads rather than ignored. */
    static void refuseOutsideAccess(RcReader r, String workload) throws RcException {
        if (workload.equals("access")) {
            return;
        }
        for (String name : RcVariables.ACCESS_ONLY) {
            if (r.isSet(name)) {
                throw r.error(name, "applies only to WORKLOAD=access", "WORKLOAD=access with ACCESS_SPECS");
            }
        }
    }

    /**
     * Existing files and block devices are read only unless ACCESS_TARGET_WRITES says otherwise: a
     * spec that writes to one is refused here when the client is this machine (the engine refuses it
     * on the other clients, when it opens the target or changes to that spec).
     */
    private static void refuseWritesInPlace(RcReader r, RunConfig.Values v, List<AccessSpec> specs)
            throws RcException {
        if (!v.fsProtocol.has(EngineCatalog.CAP_LOCAL_FS)) {
            return;
        }
        AccessSpec writer = specs.stream().filter(s -> s.lines().stream().anyMatch(l -> l.pct() > 0 && l.readPct() < 100))
                .findFirst().orElse(null);
        if (writer == null) {
            return;
        }
        for (int c = 0; c < v.clients.size(); c++) {
            if (!LocalFolders.isThisMachine(v.clients.get(c))) {
                continue;
            }
            for (MountPoint mp : v.mountPointsByClient.get(c)) {
                if (LocalFolders.isFileOrBlockDevice(mp.path())) {
                    throw r.error("ACCESS_SPECS", "spec '" + writer.name() + "' writes, and " + mp.path()
                            + " is an existing file or block device, read only unless ACCESS_TARGET_WRITES=yes",
                            "read-only specs, or ACCESS_TARGET_WRITES=yes to let the test overwrite it");
                }
            }
        }
    }

    static void read(RcReader r, RunConfig.Values v) throws RcException {
        String specs = r.required("ACCESS_SPECS", "an access-spec file or Iometer .icf (relative to the rc file),"
                + " or a built-in spec: " + String.join(", ", BuiltinSpecs.names()));
        Path file = r.resolve(specs, List.of(r.rcDir()));
        List<AccessSpec> list;
        IcfConfig icf = null;
        String source;
        if (Files.isRegularFile(file)) {
            source = file.toString();
            try {
                if (IcfParser.looksLikeIcf(file)) {
                    icf = IcfParser.parse(file, v.clients.size(), v.procs);
                    list = icf.specs();
                    if (icf.specsOnly()) {
                        icf = null;   // the rc file's settings run them, as with a spec file
                    }
                } else {
                    list = SpecFileParser.parse(file);
                }
            } catch (AccessSpecException e) {
                throw r.error("ACCESS_SPECS", e.getMessage(), "a valid access-spec file or .icf (docs/access-specs.md)");
            }
        } else if (BuiltinSpecs.named(specs) != null) {
            source = "built-in";
            list = List.of(BuiltinSpecs.named(specs));
        } else if (Files.exists(file)) {
            throw r.error("ACCESS_SPECS", file + " " + InputFiles.problem(file), "an access-spec file or .icf, or "
                    + String.join(", ", BuiltinSpecs.names()));
        } else {
            throw r.error("ACCESS_SPECS", "no such file " + file + " and no built-in spec of that name",
                    "a file relative to the rc file, or " + String.join(", ", BuiltinSpecs.names()));
        }
        List<Integer> depths = new ArrayList<>();
        int deepest = (int) EngineCatalog.get().key("outstanding_ios").maxLong();
        for (String w : r.words("OUTSTANDING_IOS")) {
            depths.add(r.parseInt("OUTSTANDING_IOS", w, 1, deepest));
        }
        if (depths.isEmpty()) {
            depths = icf != null ? icf.queueDepths() : List.of(1);
        }
        List<Active> active = icf != null ? icf.active() : List.of(Active.workers(v.procs));
        int ramp = r.integer("RAMP_UP_TIME", icf != null ? icf.rampUpSeconds() : 30, 0, MAX_SECONDS);
        int run = r.isSet("RUNTIME") ? v.runtime : icf != null && icf.runSeconds() > 0 ? icf.runSeconds() : v.runtime;
        long region = icf != null ? icf.regionBytes() : 0;
        String fs = r.value("ACCESS_FILE_SIZE");
        if (fs != null) {
            region = Sizes.parse(fs);
            if (region <= 0 || region > (1L << 40)) {
                throw r.error("ACCESS_FILE_SIZE", "not a size from 1 byte to 1 TiB", "bytes, or 64m, 1g, ...");
            }
        }
        // no size: a created iobw.tst gets the default, an existing file or device is tested whole
        boolean whole = region == 0;
        if (whole) {
            region = DEFAULT_FILE_SIZE;
        }
        long start = icf != null ? icf.startOffset() : 0;
        for (AccessSpec s : list) {
            if (s.maxSize() > region) {
                throw r.error(fs != null ? "ACCESS_FILE_SIZE" : "ACCESS_SPECS", "spec '" + s.name() + "' transfers "
                        + Sizes.human(s.maxSize()) + ", more than the " + Sizes.human(region) + " target region",
                        "ACCESS_FILE_SIZE at least the largest transfer");
            }
        }
        v.warmupTime = ramp;
        v.runtime = run;
        boolean writes = r.bool("ACCESS_TARGET_WRITES", false);
        if (!writes) {
            refuseWritesInPlace(r, v, list);
        }
        v.access = new AccessTest(source, list, depths, active, ramp, run, region, start, whole, writes);
        v.loads = Collections.nCopies(v.access.steps().size(), 0);
    }
}
