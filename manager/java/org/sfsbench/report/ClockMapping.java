package org.sfsbench.report;

import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.fixed;
import static org.sfsbench.report.Decimals.fixedOrZero;
import static org.sfsbench.report.Decimals.toDouble;

import org.sfsbench.report.xml.ClockXml;
import org.sfsbench.results.model.ClientClock;

/** A client's {@link ClientClock} to its XML/JSON form and back. */
final class ClockMapping {

    private ClockMapping() {
    }

    static ClockXml toXml(ClientClock c) {
        if (c == null) {
            return null;
        }
        ClockXml x = new ClockXml();
        x.offsetMs = fixedOrZero(c.offsetMs(), MSEC_SCALE);
        x.uncertaintyMs = fixedOrZero(c.uncertaintyMs(), MSEC_SCALE);
        x.warmupLagMs = fixed(c.warmupLagMs(), MSEC_SCALE);
        x.runLagMs = fixed(c.runLagMs(), MSEC_SCALE);
        x.steps = c.steps();
        x.slowestAnswerMs = fixedOrZero(c.slowestAnswerMs(), MSEC_SCALE);
        x.behindProcs = c.behindProcs();
        return x;
    }

    static ClientClock fromXml(ClockXml x) {
        return x == null ? null : new ClientClock(x.offsetMs.doubleValue(), x.uncertaintyMs.doubleValue(),
                toDouble(x.warmupLagMs), toDouble(x.runLagMs), x.steps, x.slowestAnswerMs.doubleValue(), x.behindProcs);
    }
}
