package org.sfsbench.rc;

import java.util.Map;

/**
 * Variables of the SPECsfs2008 templates that sfsbench knows but does not implement. Each is refused
 * with the reason and what to do instead, so that no setting is accepted and then ignored. To give
 * one a meaning, remove it here and read it in {@link RcParser}.
 */
final class RefusedVariables {
    private RefusedVariables() {
    }

    /** Refused whenever set, except FILE_COUNT for the data-set workloads, which count their files with it. */
    private static final Map<String, String[]> ANY_VALUE = Map.of(
            "BLOCK_FILE", new String[] {
                "not supported: the engine draws transfer sizes from the SFS tables (docs/workloads.md) and"
                        + " reads no block-size file",
                "leave BLOCK_FILE unset; XFER_SIZE fixes one read/write transfer size"},
            "FILE_COUNT", new String[] {
                "not supported by this workload: the number of files follows from the load (120 MiB of files per"
                        + " requested op/s, docs/workloads.md); only the data-set workloads (docs/top-speed.md) take it",
                "leave FILE_COUNT unset; FILESET_SCALE shrinks the file set for trial runs"});

    /** Switches refused when on (off is their documented default and has its meaning). */
    private static final Map<String, String[]> WHEN_ON = Map.of(
            "DUMP", new String[] {
                "not supported: sfsbench writes no raw per-proc counter dump",
                "DUMP unset or off; every load point's interval counters are in sfslog and in"
                        + " sfsresult.<suffix>.xml/.json"},
            "LAT_GRAPH", new String[] {
                "not supported: sfsbench prints no latency histograms",
                "LAT_GRAPH unset or off; per-op percentiles p50, p90, p99, p99.9 from the full histograms are in"
                        + " sfsres and sfsresult.<suffix>.xml/.json"},
            "POPULATE", new String[] {
                "not supported: sfsbench builds the file set in every load point's INIT phase and has no"
                        + " populate-only run",
                "POPULATE unset or off"});

    static void check(RcReader r, boolean datasetWorkload) throws RcException {
        for (Map.Entry<String, String[]> e : ANY_VALUE.entrySet()) {
            if (r.isSet(e.getKey()) && !(datasetWorkload && e.getKey().equals("FILE_COUNT"))) {
                throw r.error(e.getKey(), e.getValue()[0], e.getValue()[1]);
            }
        }
        for (Map.Entry<String, String[]> e : WHEN_ON.entrySet()) {
            if (r.bool(e.getKey(), false)) {
                throw r.error(e.getKey(), e.getValue()[0], e.getValue()[1]);
            }
        }
    }
}
