package org.sfsbench.report;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.fixed;
import static org.sfsbench.report.Decimals.toDouble;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.xml.OutageXml;
import org.sfsbench.results.model.OutageResult;

/** A point's outages between the model and the published document (both directions). */
final class OutageMapping {
    private OutageMapping() {
    }

    static List<OutageXml> toXml(List<OutageResult> outages) {
        List<OutageXml> out = new ArrayList<>();
        for (OutageResult o : outages) {
            OutageXml x = new OutageXml();
            x.beginSeconds = fixed(o.beginSeconds(), MSEC_SCALE);
            x.endSeconds = fixed(o.endSeconds(), MSEC_SCALE);
            x.resent = o.resent();
            x.failed = o.failed();
            x.reconnects = o.reconnects();
            x.reopened = o.reopened();
            x.lost = o.lost();
            x.recoverySeconds = fixed(o.recoverySeconds(), MSEC_SCALE);
            x.p99BeforeMs = fixed(o.p99BeforeMs(), MSEC_SCALE);
            x.p99DuringMs = fixed(o.p99DuringMs(), MSEC_SCALE);
            x.p99AfterMs = fixed(o.p99AfterMs(), MSEC_SCALE);
            out.add(x);
        }
        return out;
    }

    static List<OutageResult> toModel(List<OutageXml> xs) {
        List<OutageResult> out = new ArrayList<>();
        for (OutageXml x : xs == null ? List.<OutageXml>of() : xs) {
            out.add(new OutageResult(toDouble(x.beginSeconds), toDouble(x.endSeconds), x.resent, x.failed,
                    x.reconnects, x.reopened, x.lost, toDouble(x.recoverySeconds), toDouble(x.p99BeforeMs),
                    toDouble(x.p99DuringMs), toDouble(x.p99AfterMs)));
        }
        return out;
    }
}
