package org.sfsbench.rc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.sfsbench.InputFiles;
import org.sfsbench.engine.Engine;
import org.sfsbench.engine.EngineCatalog;
import org.sfsbench.loadfile.LoadfileCopy;

/** The variables of WORKLOAD=loadfile (docs/loadfile.md), and their refusal with the other workloads. */
final class LoadfileRcReader {
    private LoadfileRcReader() {
    }

    static void read(RcReader r, RunConfig.Values v) throws RcException {
        if (!v.workload.equals("loadfile")) {
            for (String name : RcVariables.LOADFILE_ONLY) {
                if (r.isSet(name)) {
                    throw r.error(name, "applies only to WORKLOAD=loadfile", "WORKLOAD=loadfile with LOADFILE");
                }
            }
            return;
        }
        String text = r.required("LOADFILE", "the dbench loadfile to replay, e.g. /usr/share/dbench/client.txt");
        Path file = r.resolve(text, List.of(v.workDir, r.rcDir()));
        boolean set = namesSet(r);
        List<Path> members = set ? members(r, file) : List.of(file);
        List<LoadfileCopy> copies = new ArrayList<>();
        List<Engine.LoadfileCheck> checks = new ArrayList<>();
        long total = 0;
        for (Path m : members) {
            String notFile = InputFiles.problem(m);
            if (notFile != null) {
                throw r.error("LOADFILE", m + " " + notFile, Files.isDirectory(m) && !set
                        ? "a dbench loadfile, or a folder of loadfiles (one per recorded client) written with a"
                                + " trailing /: LOADFILE=" + text + "/"
                        : "a dbench loadfile, absolute or relative to WORK_DIR or the rc file's folder");
            }
            byte[] bytes = readBytes(r, m);
            total += bytes.length;
            if (total > LoadfileCopy.MAX_BYTES) {
                throw r.error("LOADFILE", file + ": its loadfiles have more than " + LoadfileCopy.MAX_BYTES
                        + " bytes together, more than a run ships to its clients", "a set of at most "
                        + LoadfileCopy.MAX_BYTES + " bytes");
            }
            Engine.LoadfileCheck check = Engine.checkLoadfile(m.toString(), bytes);
            if (check.ops() < 0) {
                throw r.error("LOADFILE", check.report(), "a dbench loadfile: client.txt or the timestamped NFS/SMB"
                        + " format (docs/loadfile.md)");
            }
            copies.add(LoadfileCopy.of(m.getFileName().toString(), bytes));
            checks.add(check);
        }
        List<List<Integer>> deal = set ? deal(r, v, checks) : List.of();
        if (!set && r.isSet("LOADFILE_DEAL")) {
            throw r.error("LOADFILE_DEAL", "deals the loadfiles of a set, and LOADFILE names one file",
                    "LOADFILE=folder/ (one loadfile per recorded client), or no LOADFILE_DEAL");
        }
        String timing = r.string("LOADFILE_TIMING", "asap").toLowerCase(Locale.ROOT);
        if (!timing.equals("asap") && !timing.equals("timestamps")) {
            throw r.error("LOADFILE_TIMING", "unknown timing", "asap (as fast as possible) or timestamps");
        }
        for (Engine.LoadfileCheck check : checks) {
            if (timing.equals("timestamps") && !check.report().contains(", timestamped")) {
                throw r.error("LOADFILE_TIMING", "the loadfile has no timestamps (" + check.report() + ")",
                        "asap, or a timestamped loadfile");
            }
        }
        double mbps = 0;
        String rate = r.value("TARGET_RATE_MBPS");
        if (rate != null) {
            try {
                mbps = Double.parseDouble(rate);
            } catch (NumberFormatException e) {
                mbps = Double.NaN;
            }
            if (!(mbps > 0 && mbps <= 1e7)) {
                throw r.error("TARGET_RATE_MBPS", "not a positive number", "MB/s (10^6 bytes) of all clients"
                        + " together, greater than 0");
            }
            if (timing.equals("timestamps")) {
                throw r.error("TARGET_RATE_MBPS", "and LOADFILE_TIMING=timestamps both pace the replay",
                        "one of the two");
            }
        }
        double speed = speed(r, timing.equals("timestamps"));
        String summary = set ? setSummary(members, checks) : checks.get(0).report();
        v.loadfile = new LoadfileSettings(file, copies, summary, v.loads, timing.equals("timestamps"), speed, mbps,
                deal, passes(r, v));
    }

    /**
     * LOADFILE_PASSES: a replay of n passes is measured from its first line, so it has no warm-up
     * (one would replay the start of the first pass unmeasured): WARMUP_TIME is 0 or unset.
     */
    private static int passes(RcReader r, RunConfig.Values v) throws RcException {
        int passes = r.integer("LOADFILE_PASSES", 0, 0, (int) EngineCatalog.get().key("loadfile_passes").maxLong());
        if (passes > 0 && (v.steadyWarmup || v.warmupTime > 0) && r.isSet("WARMUP_TIME")) {
            throw r.error("WARMUP_TIME", "a warm-up would replay the start of the first pass unmeasured, and"
                    + " LOADFILE_PASSES=" + passes + " measures its passes from their first line",
                    "WARMUP_TIME=0 or unset with LOADFILE_PASSES (INIT still builds the file set)");
        }
        if (passes > 0) {
            v.warmupTime = 0;
            v.steadyWarmup = false;
        }
        return passes;
    }

    /** A LOADFILE written with a trailing / names a folder: a set of loadfiles, one per recorded client. */
    static boolean namesSet(RcReader r) {
        String text = r.value("LOADFILE");
        return text != null && (text.endsWith("/") || text.endsWith("\\"));
    }

    /** The set's loadfiles: the folder's files whose names do not start with '.', by name. */
    private static List<Path> members(RcReader r, Path folder) throws RcException {
        if (!Files.isDirectory(folder)) {
            throw r.error("LOADFILE", folder + " is not a folder", "a folder of loadfiles (the trailing / says so),"
                    + " or a loadfile without the /");
        }
        List<Path> out;
        try (Stream<Path> list = Files.list(folder)) {
            out = list.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw r.error("LOADFILE", folder + ": cannot list: " + e.getMessage(), "a readable folder of loadfiles");
        }
        if (out.isEmpty()) {
            throw r.error("LOADFILE", folder + " holds no loadfile", "a folder of loadfiles, one per recorded client");
        }
        return out;
    }

    /**
     * A set: one load point of one simulated client per loadfile, dealt over CLIENTS by
     * LOADFILE_DEAL; PROCS becomes the most on one host.
     */
    private static List<List<Integer>> deal(RcReader r, RunConfig.Values v, List<Engine.LoadfileCheck> checks)
            throws RcException {
        int hosts = v.clients.size();
        String word = r.string("LOADFILE_DEAL", LoadfileDeal.ROUND_ROBIN.word).toLowerCase(Locale.ROOT);
        LoadfileDeal how = LoadfileDeal.of(word);
        if (how == null) {
            throw r.error("LOADFILE_DEAL", "unknown deal", "round-robin (loadfile i to host i mod hosts) or ops (as"
                    + " evenly as their op lines allow)");
        }
        if (checks.size() < hosts) {
            throw r.error("LOADFILE", checks.size() + " loadfiles cannot be dealt over the " + hosts
                    + " hosts of CLIENTS", "at least one loadfile per CLIENTS host (" + hosts + "), or fewer hosts");
        }
        long perHost = EngineCatalog.get().key("procs").maxLong();
        List<List<Integer>> deal = how.deal(checks.stream().map(c -> (long) c.ops()).toList(), hosts);
        int most = deal.stream().mapToInt(List::size).max().orElseThrow();
        if (most > perHost) {
            throw r.error("LOADFILE", most + " loadfiles on one host, more than an engine's " + perHost + " procs",
                    "more CLIENTS hosts");
        }
        v.loads = List.of(checks.size());
        v.loadList = false;
        v.procs = most;
        return deal;
    }

    private static String setSummary(List<Path> members, List<Engine.LoadfileCheck> checks) {
        long ops = checks.stream().mapToLong(Engine.LoadfileCheck::ops).sum();
        return members.size() + " loadfiles, one simulated client each, " + ops + " op lines in all: "
                + members.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(" "));
    }

    /** LOADFILE's bytes, read once: the engine checks them and the run ships them to the agents. */
    private static byte[] readBytes(RcReader r, Path file) throws RcException {
        String hint = "a dbench loadfile of at most " + LoadfileCopy.MAX_BYTES + " bytes (client.txt has about 26 MB),"
                + " which the run sends to every client";
        try {
            long size = Files.size(file);
            if (size > LoadfileCopy.MAX_BYTES) {
                throw r.error("LOADFILE", file + ": " + size + " bytes, more than a run ships to its clients", hint);
            }
            byte[] text;
            try (var in = Files.newInputStream(file)) {
                text = in.readNBytes((int) LoadfileCopy.MAX_BYTES + 1);
            }
            if (text.length > LoadfileCopy.MAX_BYTES) {
                throw r.error("LOADFILE", file + ": grew beyond " + LoadfileCopy.MAX_BYTES + " bytes while read", hint);
            }
            return text;
        } catch (IOException e) {
            throw r.error("LOADFILE", file + ": cannot read: " + e.getMessage(), "a readable dbench loadfile");
        }
    }

    /** LOADFILE_SPEED: the timestamps divided by it, in the engine's range of loadfile_speed. */
    private static double speed(RcReader r, boolean timestamps) throws RcException {
        String text = r.value("LOADFILE_SPEED");
        if (text == null) {
            return 1;
        }
        EngineCatalog.Key k = EngineCatalog.get().key("loadfile_speed");
        double speed;
        try {
            speed = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            speed = Double.NaN;
        }
        if (!(speed >= k.min() && speed <= k.max())) {
            throw r.error("LOADFILE_SPEED", "not a number from " + plain(k.min()) + " to " + plain(k.max()),
                    "the factor the loadfile's timestamps are divided by: 2 replays twice as fast, 0.5 half as fast");
        }
        if (!timestamps) {
            throw r.error("LOADFILE_SPEED", "it scales the loadfile's timestamps, which LOADFILE_TIMING=asap does not"
                    + " follow (every line is sent when the one before it completes)",
                    "LOADFILE_TIMING=timestamps with a timestamped loadfile, or no LOADFILE_SPEED");
        }
        return speed;
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
