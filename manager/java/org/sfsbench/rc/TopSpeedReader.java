package org.sfsbench.rc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.EngineCatalog;

/** Reads LOAD=max, XFER_SIZE, WORKING_SET, SERVER_CACHE, STEP_PROCS, PLATEAU_PCT, CURVE_PCTS, CURVE_MAX_MSEC, SLO. */
final class TopSpeedReader {
    private static final String SIZE_FORM = "bytes, or a number with K, M, G or T (powers of 1024), e.g. 2G";

    private TopSpeedReader() {
    }

    /** True if LOAD is the single word max. */
    static boolean isMax(RcReader r) {
        String load = r.value("LOAD");
        return load != null && load.trim().toLowerCase(Locale.ROOT).equals("max");
    }

    /** STEP_PROCS alone (PROCS defaults to its maximum), or null. */
    static TopSpeed.StepProcs readSteps(RcReader r) throws RcException {
        List<String> w = r.words("STEP_PROCS");
        if (w.isEmpty()) {
            return null;
        }
        String allowed = "four whole numbers \"start add every-seconds max\" (procs per client), e.g. \"1 1 60 10\"";
        if (w.size() != 4) {
            throw r.error("STEP_PROCS", "has " + w.size() + " word(s)", allowed);
        }
        int start = r.parseInt("STEP_PROCS", w.get(0), 1, 10_000);
        int add = r.parseInt("STEP_PROCS", w.get(1), 0, 10_000);
        int every = r.parseInt("STEP_PROCS", w.get(2), 2, 7 * 24 * 3600);
        int max = r.parseInt("STEP_PROCS", w.get(3), 1, 10_000);
        if (max < start || add == 0 && max != start) {
            throw r.error("STEP_PROCS", "max " + max + " is not reached from start " + start + " adding " + add, allowed);
        }
        if ("steady".equalsIgnoreCase(r.value("WARMUP_TIME"))) {
            throw r.error("WARMUP_TIME", "a STEP_PROCS step is every-seconds long, its ramp and its measured window"
                    + " together, so its ramp cannot end at steady state", "a whole number of seconds below "
                    + every + ", or unset (every-seconds / 6)");
        }
        int ramp = r.isSet("WARMUP_TIME") ? r.integer("WARMUP_TIME", 0, 0, every - 1) : Math.max(1, every / 6);
        return new TopSpeed.StepProcs(start, add, every, max, ramp);
    }

    static TopSpeed read(RcReader r, RunConfig.Values v, TopSpeed.StepProcs steps) throws RcException {
        boolean max = isMax(r);
        // the engine's xfer_size and working_set keys own the upper limits
        long xfer = size(r, "XFER_SIZE", 1, EngineCatalog.get().key("xfer_size").maxLong());
        long ws = size(r, "WORKING_SET", 1, EngineCatalog.get().key("working_set").maxLong());
        long cache = size(r, "SERVER_CACHE", 1, 1L << 60);
        boolean dataset = TopSpeed.isDataset(v.workload);
        if (dataset && ws == 0) {
            throw r.missing("WORKING_SET", "the bytes of data each client's procs share for WORKLOAD="
                    + v.workload + ", e.g. WORKING_SET=2G");
        }
        if (dataset) {
            for (String name : List.of("FILESET_SCALE", "ACCESS_PCNT", "APPEND_PCNT", "DIR_COUNT", "SYMLINK_COUNT")) {
                if (r.isSet(name)) {
                    throw r.error(name, "shapes the SFS file set, which WORKLOAD=" + v.workload + " does not use",
                            "unset; the data set is WORKING_SET bytes per client in FILE_COUNT files");
                }
            }
        }
        if (max && !dataset && ws == 0) {
            throw r.missing("WORKING_SET", "with LOAD=max the file set is sized from the bytes each client's"
                    + " working set holds (file set = WORKING_SET / ACCESS_PCNT %), e.g. WORKING_SET=1G");
        }
        if (!max && !dataset && ws != 0) {
            throw r.error("WORKING_SET", "sizes the file set only with LOAD=max or WORKLOAD=randread, seqread,"
                    + " seqwrite; paced SFS load points size it from LOAD", "unset, or LOAD=max");
        }
        if (steps != null && r.isSet("RUNTIME")) {
            throw r.error("RUNTIME", "with STEP_PROCS each step is measured for every-seconds - WARMUP_TIME",
                    "RUNTIME unset when STEP_PROCS is set");
        }
        if (steps != null && !max) {
            throw r.error("STEP_PROCS", "needs LOAD=max (steps find the top speed unpaced)", "LOAD=max");
        }
        double plateau = 0;
        if (r.isSet("PLATEAU_PCT")) {
            if (steps == null) {
                throw r.error("PLATEAU_PCT", "stops a stepped run, but STEP_PROCS is not set", "together with STEP_PROCS");
            }
            plateau = number(r, "PLATEAU_PCT", 0.1, 1000);
        }
        List<Integer> pcts = new ArrayList<>();
        for (String w : r.words("CURVE_PCTS")) {
            pcts.add(r.parseInt("CURVE_PCTS", w, 1, 100));
        }
        if (!pcts.isEmpty() && !max) {
            throw r.error("CURVE_PCTS", "needs LOAD=max: the curve's percentages are of the maximum it measures first",
                    "LOAD=max");
        }
        for (int k = 1; k < pcts.size(); k++) {
            if (pcts.get(k) <= pcts.get(k - 1)) {
                throw r.error("CURVE_PCTS", "percentages must increase (" + pcts.get(k - 1) + " then " + pcts.get(k) + ")",
                        "increasing whole percentages 1..100, e.g. \"10 20 30 40 50 60 70 80 90 100\"");
            }
        }
        double limit = 0;
        if (r.isSet("CURVE_MAX_MSEC")) {
            if (pcts.isEmpty()) {
                throw r.error("CURVE_MAX_MSEC", "ends a curve early, but CURVE_PCTS is not set", "together with CURVE_PCTS");
            }
            limit = number(r, "CURVE_MAX_MSEC", 0.001, 1e7);
        }
        return new TopSpeed(max, xfer, ws, cache, steps, plateau, pcts, limit, SloRcReader.read(r, v, max, !pcts.isEmpty()));
    }

    /** A byte size with an optional K/M/G/T suffix (powers of 1024); 0 when unset. */
    static long size(RcReader r, String name, long min, long max) throws RcException {
        String v = r.value(name);
        if (v == null) {
            return 0;
        }
        String t = v.trim().toUpperCase(Locale.ROOT);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,16})([KMGT]?)B?").matcher(t);
        if (!m.matches()) {
            throw r.error(name, "'" + v + "' is not a size", SIZE_FORM);
        }
        int shift = switch (m.group(2)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        long n = Long.parseLong(m.group(1));
        if (n > (Long.MAX_VALUE >> shift) || (n << shift) < min || (n << shift) > max) {
            throw r.error(name, v + " is out of range", "from " + min + " to " + max + " bytes; " + SIZE_FORM);
        }
        return n << shift;
    }

    private static double number(RcReader r, String name, double min, double max) throws RcException {
        String v = r.value(name);
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw r.error(name, "'" + v + "' is not a number", "a number from " + min + " to " + max);
        }
        if (!(d >= min && d <= max)) {
            throw r.error(name, v + " is out of range", "a number from " + min + " to " + max);
        }
        return d;
    }
}
