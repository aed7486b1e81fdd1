package org.sfsbench.results.model;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of an SLO search (docs/slo.md): the highest paced load that met the bound, the bracket
 * around it, and every probe.
 *
 * @param slo           the terms, e.g. "p99 <= 5 ms"
 * @param precisionPct  SLO_PRECISION, percent of the top speed
 * @param confirm       SLO_CONFIRM
 * @param samplesNeeded the sample rule's minimum per probe
 * @param topSpeed      the unpaced top speed, ops/s: the bracket's upper end
 * @param topSpeedStep  the step that measured it
 * @param outcome       met (the capacity was confirmed), none (even the lowest probe broke the bound) or
 *                      unsettled (the probe cap came first, or the run ended during the search)
 * @param capacity      the confirmed rate, ops/s (the best passing rate when unsettled; 0 when none)
 * @param bracketLow    the bracket's lower end (highest rate that passed, 0 when none)
 * @param bracketHigh   the bracket's upper end (lowest rate that failed, or the top speed)
 * @param probes        every judged probe, in order
 */
public record SloResult(String slo, double precisionPct, int confirm, long samplesNeeded, double topSpeed,
        int topSpeedStep, String outcome, double capacity, double bracketLow, double bracketHigh,
        List<SloProbeResult> probes) {

    public SloResult {
        probes = List.copyOf(probes);
    }

    /** The answer line: "capacity: 41,200 ops/s at p99 <= 5 ms (bracket 41,200..42,000; 9 probes; top speed 47,800)". */
    public String answer() {
        String tail = String.format(Locale.ROOT, "%d probe%s; top speed %,.0f", probes.size(),
                probes.size() == 1 ? "" : "s", topSpeed);
        return switch (outcome) {
            case "met" -> String.format(Locale.ROOT, "capacity: %,.0f ops/s at %s (bracket %,.0f..%,.0f; %s)",
                    capacity, slo, bracketLow, bracketHigh, tail);
            case "none" -> {
                SloProbeResult low = probes.stream().min(Comparator.comparingDouble(SloProbeResult::requestedOpsPerSec))
                        .orElse(null);
                yield "no load meets " + slo + (low == null ? "" : String.format(Locale.ROOT,
                        ": the lowest probe, %,.0f ops/s (achieved %,.0f), had p50 %.3f, p99 %.3f, p99.9 %.3f ms: %s",
                        low.requestedOpsPerSec(), low.achievedOpsPerSec(), low.p50Ms(), low.p99Ms(), low.p999Ms(),
                        low.reason())) + " (" + tail + ")";
            }
            default -> String.format(Locale.ROOT, "capacity not settled: the best passing rate, %,.0f ops/s at %s,"
                    + " was not confirmed (bracket %,.0f..%,.0f; %s)", capacity, slo, bracketLow, bracketHigh, tail);
        };
    }
}
