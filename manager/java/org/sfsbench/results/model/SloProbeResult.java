package org.sfsbench.results.model;

import java.util.List;

/**
 * One judged probe of an SLO search (docs/slo.md): a paced rate, measured over one window or more
 * (a probe with too few samples is lengthened) and judged on the merged histogram of all clients.
 * Times in milliseconds from each op's intended start.
 *
 * @param number             1-based probe number
 * @param kind               top (paced at the top speed), bisect, or confirm (a repeat of the best passing rate)
 * @param requestedOpsPerSec the paced rate of all clients together
 * @param achievedOpsPerSec  ops / seconds over its windows
 * @param seconds            measured seconds, every window together
 * @param windows            measured windows (more than one: lengthened for the sample rule, or measured again)
 * @param extraWindows       why each window after the first was measured, in order: {@link #SAMPLES},
 *                           {@link #STALL} or {@link #UNCERTAIN}; empty when not recorded (an older document)
 * @param samples            ops measured
 * @param samplesNeeded      ops the sample rule asks for
 * @param meanMs             mean latency
 * @param p50Ms              50th percentile
 * @param p90Ms              90th percentile
 * @param p99Ms              99th percentile
 * @param p999Ms             99.9th percentile
 * @param termMs             each SLO term's statistic, in the SLO's order
 * @param failedOps          failed ops
 * @param verdict            pass, fail or too-few-samples
 * @param reason             why it failed (empty when it passed)
 */
public record SloProbeResult(int number, String kind, double requestedOpsPerSec, double achievedOpsPerSec,
        double seconds, int windows, List<String> extraWindows, long samples, long samplesNeeded, double meanMs, double p50Ms, double p90Ms,
        double p99Ms, double p999Ms, List<Double> termMs, long failedOps, String verdict, String reason) {

    /** Lengthened: too few samples for the percentile yet. */
    public static final String SAMPLES = "samples";
    /** Measured again: a fail on latency alone with the median op within the bound (a stall?). */
    public static final String STALL = "stall";
    /** Measured again: the verdict was uncertain (the bound inside the interval, or a contradiction). */
    public static final String UNCERTAIN = "uncertain";

    public SloProbeResult {
        termMs = List.copyOf(termMs);
        extraWindows = List.copyOf(extraWindows);
    }

    /**
     * Why the probe has more than one window, for its row: "lengthened for samples", "re-measured
     * (suspected stall)", "re-measured (verdict uncertain)", joined when several; "" for one window.
     */
    public String extraWindowsText() {
        return extraWindowsText(windows, extraWindows);
    }

    /** {@link #extraWindowsText()} of a probe read from a document ({@code extraWindows} null: not recorded). */
    public static String extraWindowsText(int windows, List<String> extraWindows) {
        if (windows <= 1) {
            return "";
        }
        if (extraWindows == null || extraWindows.isEmpty()) {
            return windows + " windows (why not recorded)";
        }
        return extraWindows.stream().distinct().map(w -> switch (w) {
            case SAMPLES -> "lengthened for samples";
            case STALL -> "re-measured (suspected stall)";
            case UNCERTAIN -> "re-measured (verdict uncertain)";
            default -> w;
        }).collect(java.util.stream.Collectors.joining(", then "));
    }

    public boolean passed() {
        return "pass".equals(verdict);
    }
}
