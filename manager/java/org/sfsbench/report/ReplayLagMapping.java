package org.sfsbench.report;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.fixed;

import org.sfsbench.report.xml.ReplayLagXml;
import org.sfsbench.results.model.ReplayLagResult;

/** A paced replay's lag between the model and the published document (both directions). */
final class ReplayLagMapping {
    private ReplayLagMapping() {
    }

    static ReplayLagXml toXml(ReplayLagResult g) {
        if (g == null) {
            return null;
        }
        ReplayLagXml x = new ReplayLagXml();
        x.ops = g.ops();
        x.p50Msec = fixed(g.p50Ms(), MSEC_SCALE);
        x.p90Msec = fixed(g.p90Ms(), MSEC_SCALE);
        x.p99Msec = fixed(g.p99Ms(), MSEC_SCALE);
        x.maxMsec = fixed(g.maxMs(), MSEC_SCALE);
        return x;
    }

    static ReplayLagResult toModel(ReplayLagXml x) {
        return x == null ? null : new ReplayLagResult(x.ops, x.p50Msec.doubleValue(), x.p90Msec.doubleValue(),
                x.p99Msec.doubleValue(), x.maxMsec.doubleValue());
    }
}
