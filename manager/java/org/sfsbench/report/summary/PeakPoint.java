package org.sfsbench.report.summary;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/** Finds the load point the detail sections of the reports describe. */
public final class PeakPoint {
    private PeakPoint() {
    }

    /**
     * The point of peak throughput: highest achieved ops/s among points at or below the response-time
     * limit; the last point when none qualifies; null for a run without points.
     */
    public static LoadPointXml of(ResultDocument d) {
        LoadPointXml best = null;
        for (LoadPointXml p : d.loadPoints) {
            boolean ok = p.totalOps > 0 && p.msecPerOp.compareTo(d.metrics.responseTimeLimitMsec) <= 0;
            if (ok && (best == null || p.achievedOpsPerSec.compareTo(best.achievedOpsPerSec) > 0)) {
                best = p;
            }
        }
        if (best == null && !d.loadPoints.isEmpty()) {
            best = d.loadPoints.get(d.loadPoints.size() - 1);
        }
        return best;
    }
}
