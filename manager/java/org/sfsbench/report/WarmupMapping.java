package org.sfsbench.report;

import static org.sfsbench.report.Decimals.PERCENT_SCALE;
import static org.sfsbench.report.Decimals.RATE_SCALE;
import static org.sfsbench.report.Decimals.fixed;

import java.math.BigDecimal;

import org.sfsbench.report.summary.WarmupFigures;
import org.sfsbench.report.xml.WarmupXml;
import org.sfsbench.results.model.WarmupResult;

/** A steady-state warm-up between the model and the published document (both directions). */
final class WarmupMapping {
    private WarmupMapping() {
    }

    static WarmupXml toXml(WarmupResult w) {
        if (w == null) {
            return null;
        }
        WarmupXml x = new WarmupXml();
        x.seconds = fixed(w.seconds(), RATE_SCALE);
        x.maxSeconds = w.maxSeconds();
        x.settled = w.settled();
        BigDecimal pct = BigDecimal.valueOf(w.percentile()).stripTrailingZeros();
        x.percentile = pct.scale() < 0 ? pct.setScale(0) : pct;   // 99, not 9.9E+1
        x.throughputDriftPct = fixed(100 * w.throughputDrift(), PERCENT_SCALE);
        x.percentileDriftPct = fixed(100 * w.percentileDrift(), PERCENT_SCALE);
        x.meanDriftPct = fixed(100 * w.meanDrift(), PERCENT_SCALE);
        return x;
    }

    static WarmupResult toModel(WarmupXml x) {
        return WarmupFigures.of(x);
    }
}
