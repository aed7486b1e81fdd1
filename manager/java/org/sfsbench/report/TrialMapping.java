package org.sfsbench.report;

import static org.sfsbench.report.Decimals.CPU_SCALE;
import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.RATE_SCALE;
import static org.sfsbench.report.Decimals.fixed;
import static org.sfsbench.report.Decimals.fixedOrZero;
import static org.sfsbench.report.Decimals.toDouble;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.xml.IntervalXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.SpreadXml;
import org.sfsbench.report.xml.TrialXml;
import org.sfsbench.results.Trials;
import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.TrialResult;
import org.sfsbench.stats.Spread;

/** The trials of a point and their spreads, and the interval time series, in the published document. */
final class TrialMapping {
    private TrialMapping() {
    }

    static void toDocument(LoadPointResult p, LoadPointXml x) {
        if (p.trials().isEmpty()) {
            return;
        }
        x.spread.add(spread("opsPerSec", Trials.spread(p, TrialResult::achievedOpsPerSec), RATE_SCALE));
        x.spread.add(spread("msecPerOp", Trials.spread(p, TrialResult::msecPerOp), MSEC_SCALE));
        x.spread.add(spread("p99Msec", Trials.spread(p, TrialResult::p99Ms), MSEC_SCALE));
        for (TrialResult t : p.trials()) {
            TrialXml tx = new TrialXml();
            tx.trial = t.trial();
            tx.startTime = t.startTime();
            tx.achievedOpsPerSec = fixedOrZero(t.achievedOpsPerSec(), RATE_SCALE);
            tx.throughputMBps = fixed(t.throughputMBps(), MBPS_SCALE);
            tx.msecPerOp = fixedOrZero(t.msecPerOp(), MSEC_SCALE);
            tx.p99Msec = fixedOrZero(t.p99Ms(), MSEC_SCALE);
            tx.totalOps = t.totalOps();
            tx.failedOps = t.failedOps();
            tx.seconds = fixedOrZero(t.seconds(), RATE_SCALE);
            tx.cpuUsPerOp = fixed(t.cpuUsPerOp(), CPU_SCALE);
            tx.intervals.addAll(intervals(t.intervals()));
            x.trials.add(tx);
        }
    }

    static List<TrialResult> toModel(LoadPointXml x) {
        List<TrialResult> out = new ArrayList<>();
        for (TrialXml t : x.trials) {
            out.add(new TrialResult(t.trial, t.startTime, t.achievedOpsPerSec.doubleValue(), toDouble(t.throughputMBps),
                    t.msecPerOp.doubleValue(), t.p99Msec.doubleValue(), t.totalOps, t.failedOps,
                    t.seconds.doubleValue(), toDouble(t.cpuUsPerOp), intervalPoints(t.intervals)));
        }
        return out;
    }

    static List<IntervalXml> intervals(List<IntervalPoint> points) {
        List<IntervalXml> out = new ArrayList<>();
        for (IntervalPoint i : points) {
            IntervalXml ix = new IntervalXml();
            ix.seconds = fixedOrZero(i.timeSeconds(), RATE_SCALE);
            ix.opsPerSec = fixedOrZero(i.opsPerSec(), RATE_SCALE);
            ix.meanMsec = fixed(i.meanMs(), MSEC_SCALE);
            ix.p99Msec = fixed(i.p99Ms(), MSEC_SCALE);
            ix.errors = i.errors();
            ix.behindProcs = i.behindProcs();
            out.add(ix);
        }
        return out;
    }

    static List<IntervalPoint> intervalPoints(List<IntervalXml> xml) {
        List<IntervalPoint> out = new ArrayList<>();
        for (IntervalXml i : xml) {
            out.add(new IntervalPoint(i.seconds.doubleValue(), i.opsPerSec.doubleValue(), toDouble(i.meanMsec),
                    toDouble(i.p99Msec), i.errors, i.behindProcs));
        }
        return out;
    }

    private static SpreadXml spread(String metric, Spread s, int scale) {
        SpreadXml x = new SpreadXml();
        x.metric = metric;
        x.trials = s.n();
        x.mean = fixedOrZero(s.mean(), scale);
        x.sd = fixedOrZero(s.sd(), scale);
        x.min = fixedOrZero(s.min(), scale);
        x.max = fixedOrZero(s.max(), scale);
        x.ciLow = fixedOrZero(s.ciLow(), scale);
        x.ciHigh = fixedOrZero(s.ciHigh(), scale);
        x.confidence = BigDecimal.valueOf(s.confidence());
        return x;
    }
}
