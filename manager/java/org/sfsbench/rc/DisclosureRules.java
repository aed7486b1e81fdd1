package org.sfsbench.rc;

import java.util.List;

import org.sfsbench.engine.Backend;

/**
 * The run rules' defaults: which settings keep a result disclosable. SPECsfs2008's own rule text is
 * not public; these follow SFS 3.0 (run-affecting parameters at their defaults) and SPECstorage
 * 2020 (at least 10 load points, increasing, each within 30 % of uniform spacing).
 */
final class DisclosureRules {
    /** Published results have at least this many load points. */
    static final int MIN_POINTS = 10;
    /** A point may be off uniform spacing by this share of one step. */
    static final double SPACING_TOLERANCE = 0.30;

    private DisclosureRules() {
    }

    static void check(RcReader rc, RunConfig.Values v) {
        List<String> r = v.nonDisclosableReasons;
        if (v.fsProtocol.nonDisclosableReason() != null) {
            r.add(v.fsProtocol.nonDisclosableReason());
        }
        if (!v.debugFlags.isEmpty()) {
            r.add("DEBUG is set (" + rc.value("DEBUG") + "); debugging changes the benchmark's timing.");
        }
        if (v.runtime != 300) {
            r.add("RUNTIME is " + v.runtime + " s; the run rules require 300 s.");
        }
        if (v.warmupTime != 300) {
            r.add("WARMUP_TIME is " + v.warmupTime + " s; the run rules require 300 s.");
        }
        if (v.filesetScale != 1.0) {
            r.add("FILESET_SCALE is " + rc.value("FILESET_SCALE") + "; the run rules require the full file set (1.0).");
        }
        if (v.mixFile != null) {
            r.add("MIXFILE is used; a disclosed run uses the standard operation mix.");
        }
        if (v.accessPcnt != 30) {
            r.add("ACCESS_PCNT is " + v.accessPcnt + "; the run rules require 30.");
        }
        if (v.fsProtocol.info().option("biod_reads") != null && (v.biodMaxReads < 2 || v.biodMaxWrites < 2)) {
            r.add("BIOD_MAX_READS/BIOD_MAX_WRITES below 2 (" + v.biodMaxReads + "/" + v.biodMaxWrites
                    + "); the run rules require at least 2.");
        }
        if (v.dirCount != 30) {
            r.add("DIR_COUNT is " + v.dirCount + "; the run rules require 30 files per directory.");
        }
        if (v.symlinkCount != 20) {
            r.add("SYMLINK_COUNT is " + v.symlinkCount + "; the run rules require 20.");
        }
        if (v.appendPcnt != 70) {
            r.add("APPEND_PCNT is " + v.appendPcnt + "; the run rules require 70.");
        }
        if (v.fileCount != 0) {
            r.add("FILE_COUNT is set (" + v.fileCount + "); the run rules derive the file count from the load.");
        }
        if (v.blockFile != null) {
            r.add("BLOCK_FILE is set; a disclosed run uses the standard transfer sizes.");
        }
        if (v.populate) {
            r.add("POPULATE is on: the file set is built but nothing is measured.");
        }
        if (isNonStandardWorkload(v)) {
            r.add("WORKLOAD=" + v.workload + " is not the standard workload of FS_PROTOCOL="
                    + v.fsProtocol.rcName() + ".");
        }
        if (v.loadfile == null) {   // a replay's load points are client counts, not ops/s
            checkLoads(v);
        }
    }

    private static boolean isNonStandardWorkload(RunConfig.Values v) {
        return v.mixFile == null && !v.workload.equals(RcParser.defaultWorkload(v.fsProtocol));
    }

    private static void checkLoads(RunConfig.Values v) {
        List<Integer> loads = v.loads;
        int n = loads.size();
        if (n < MIN_POINTS) {
            v.nonDisclosableReasons.add("only " + n + " load point" + (n == 1 ? "" : "s")
                    + "; a disclosed run needs at least " + MIN_POINTS + ".");
        }
        for (int k = 1; k < n; k++) {
            if (loads.get(k) <= loads.get(k - 1)) {
                v.nonDisclosableReasons.add("load points do not increase (" + loads.get(k - 1) + " then "
                        + loads.get(k) + ").");
                return;
            }
        }
        double step = (double) loads.get(n - 1) / n;
        for (int k = 0; k < n; k++) {
            double uniform = step * (k + 1);
            if (Math.abs(loads.get(k) - uniform) > SPACING_TOLERANCE * step) {
                v.nonDisclosableReasons.add(String.format(java.util.Locale.ROOT,
                        "load points are not equally spaced: point %d is %d ops/s, uniform spacing up to %d"
                                + " gives %.0f (more than 30%% of a step off).",
                        k + 1, loads.get(k), loads.get(n - 1), uniform));
                return;
            }
        }
    }
}
