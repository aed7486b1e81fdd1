package org.sfsbench.report.summary;

import org.sfsbench.report.xml.WarmupXml;
import org.sfsbench.results.model.WarmupResult;

/** A published steady-state warm-up back in the model (docs/steady-state.md); null stays null. */
public final class WarmupFigures {
    private WarmupFigures() {
    }

    public static WarmupResult of(WarmupXml x) {
        if (x == null) {
            return null;
        }
        return new WarmupResult(x.seconds.doubleValue(), x.maxSeconds, x.settled, x.percentile.doubleValue(),
                x.throughputDriftPct == null ? Double.NaN : x.throughputDriftPct.doubleValue() / 100,
                x.percentileDriftPct == null ? Double.NaN : x.percentileDriftPct.doubleValue() / 100,
                x.meanDriftPct == null ? Double.NaN : x.meanDriftPct.doubleValue() / 100);
    }
}
