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
 * @param windows            measured windows (more than one: lengthened for the sample rule, or a fail measured again)
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
        double seconds, int windows, long samples, long samplesNeeded, double meanMs, double p50Ms, double p90Ms,
        double p99Ms, double p999Ms, List<Double> termMs, long failedOps, String verdict, String reason) {

    public SloProbeResult {
        termMs = List.copyOf(termMs);
    }

    public boolean passed() {
        return "pass".equals(verdict);
    }
}
