package org.sfsbench.report;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.PERCENT_SCALE;
import static org.sfsbench.report.Decimals.RATE_SCALE;
import static org.sfsbench.report.Decimals.fixed;
import static org.sfsbench.report.Decimals.fixedOrZero;
import static org.sfsbench.report.Decimals.toDouble;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.xml.SloProbeXml;
import org.sfsbench.report.xml.SloXml;
import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;

/** The SLO search in the published document, both directions. */
public final class SloMapping {
    private SloMapping() {
    }

    public static SloXml toDocument(SloResult s) {
        if (s == null) {
            return null;
        }
        SloXml x = new SloXml();
        x.slo = s.slo();
        x.answer = s.answer();
        x.outcome = s.outcome();
        x.capacityOpsPerSec = fixedOrZero(s.capacity(), RATE_SCALE);
        x.bracketLowOpsPerSec = fixedOrZero(s.bracketLow(), RATE_SCALE);
        x.bracketHighOpsPerSec = fixedOrZero(s.bracketHigh(), RATE_SCALE);
        x.topSpeedOpsPerSec = fixedOrZero(s.topSpeed(), RATE_SCALE);
        x.topSpeedStep = s.topSpeedStep();
        x.precisionPct = fixedOrZero(s.precisionPct(), PERCENT_SCALE);
        x.confirm = s.confirm();
        x.samplesNeeded = s.samplesNeeded();
        for (SloProbeResult p : s.probes()) {
            SloProbeXml px = new SloProbeXml();
            px.number = p.number();
            px.kind = p.kind();
            px.requestedOpsPerSec = fixedOrZero(p.requestedOpsPerSec(), RATE_SCALE);
            px.achievedOpsPerSec = fixedOrZero(p.achievedOpsPerSec(), RATE_SCALE);
            px.seconds = fixedOrZero(p.seconds(), RATE_SCALE);
            px.windows = p.windows();
            px.extraWindows = p.extraWindows().isEmpty() ? null : new ArrayList<>(p.extraWindows());
            px.samples = p.samples();
            px.samplesNeeded = p.samplesNeeded();
            px.meanMsec = fixed(p.meanMs(), MSEC_SCALE);
            px.p50Msec = fixed(p.p50Ms(), MSEC_SCALE);
            px.p90Msec = fixed(p.p90Ms(), MSEC_SCALE);
            px.p99Msec = fixed(p.p99Ms(), MSEC_SCALE);
            px.p999Msec = fixed(p.p999Ms(), MSEC_SCALE);
            px.failedOps = p.failedOps();
            px.verdict = p.verdict();
            px.reason = p.reason().isEmpty() ? null : p.reason();
            p.termMs().forEach(t -> px.termMsec.add(fixedOrZero(t, MSEC_SCALE)));
            x.probes.add(px);
        }
        return x;
    }

    public static SloResult toModel(SloXml x) {
        if (x == null) {
            return null;
        }
        List<SloProbeResult> probes = new ArrayList<>();
        for (SloProbeXml p : x.probes) {
            probes.add(new SloProbeResult(p.number, p.kind, p.requestedOpsPerSec.doubleValue(),
                    p.achievedOpsPerSec.doubleValue(), p.seconds.doubleValue(), p.windows,
                    p.extraWindows == null ? List.of() : p.extraWindows, p.samples, p.samplesNeeded,
                    toDouble(p.meanMsec), toDouble(p.p50Msec), toDouble(p.p90Msec), toDouble(p.p99Msec),
                    toDouble(p.p999Msec), p.termMsec.stream().map(BigDecimal::doubleValue).toList(), p.failedOps,
                    p.verdict, p.reason == null ? "" : p.reason));
        }
        return new SloResult(x.slo, x.precisionPct.doubleValue(), x.confirm, x.samplesNeeded,
                x.topSpeedOpsPerSec.doubleValue(), x.topSpeedStep, x.outcome, x.capacityOpsPerSec.doubleValue(),
                x.bracketLowOpsPerSec.doubleValue(), x.bracketHighOpsPerSec.doubleValue(), probes);
    }
}
