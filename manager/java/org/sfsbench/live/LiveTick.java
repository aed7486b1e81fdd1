package org.sfsbench.live;

import java.util.List;

import org.sfsbench.stats.EngineSample;

/**
 * What the manager saw at one poll of the agents (about once a second).
 *
 * @param timeMs wall clock of the poll
 * @param point the load point or step (1-based)
 * @param points the run's load points; 0 for a LOAD=max run, whose steps are decided as it goes
 * @param phase INIT, WARMUP or RUN
 * @param phaseSecondsLeft seconds to the phase's planned end; NaN when unknown (INIT)
 * @param requestedOpsPerSec the point's requested rate; 0 for unpaced steps
 * @param runSecondsLeft the whole run's estimated seconds left; NaN when unknown
 * @param clients the clients' names, in client order
 * @param samples each client's counters of the current phase (cumulative since the phase began),
 *     in client order; null for a client that did not report in this poll
 * @param stragglers the clients this poll found late, with their lag (docs/running.md, "Clocks"); "" when none
 */
public record LiveTick(long timeMs, int point, int points, String phase, double phaseSecondsLeft,
        double requestedOpsPerSec, double runSecondsLeft, List<String> clients, List<EngineSample> samples,
        String stragglers) {
}
