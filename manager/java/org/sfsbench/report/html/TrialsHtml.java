package org.sfsbench.report.html;

import java.math.BigDecimal;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.SpreadXml;
import org.sfsbench.report.xml.TrialXml;

/** With TRIALS > 1: each point's spread over its trials and every trial (docs/compare.md). */
final class TrialsHtml {
    private TrialsHtml() {
    }

    static String of(ResultDocument d) {
        if (d.loadPoints.stream().allMatch(p -> p.trials.isEmpty())) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h2>Trials</h2>\n<p>Every point was measured "
                + d.loadPoints.get(0).trials.size() + " times in a row; the table above shows the means. The"
                + " interval is Student's t confidence interval of the mean over the trials.</p>\n");
        HtmlTable spread = new HtmlTable("spread", "#", "Figure", "Trials", "Mean", "Std dev", "Min", "Max",
                "CI low", "CI high", "Confidence").numeric(0, 2, 3, 4, 5, 6, 7, 8, 9);
        HtmlTable trials = new HtmlTable("trials", "#", "Trial", "Ops/sec", "MB/sec", "msec/op", "p99 ms", "Total ops",
                "Failed ops", "Seconds").numeric(0, 1, 2, 3, 4, 5, 6, 7, 8);
        for (LoadPointXml p : d.loadPoints) {
            for (SpreadXml s : p.spread) {
                spread.row(Integer.toString(p.index), s.metric, Integer.toString(s.trials), plain(s.mean), plain(s.sd),
                        plain(s.min), plain(s.max), plain(s.ciLow), plain(s.ciHigh), plain(s.confidence));
            }
            for (TrialXml t : p.trials) {
                trials.row(Integer.toString(p.index), Integer.toString(t.trial), plain(t.achievedOpsPerSec),
                        plain(t.throughputMBps), plain(t.msecPerOp), plain(t.p99Msec), Long.toString(t.totalOps),
                        Long.toString(t.failedOps), plain(t.seconds));
            }
        }
        return b.append(spread.html()).append(trials.html()).toString();
    }

    private static String plain(BigDecimal v) {
        return v == null ? "-" : v.toPlainString();
    }
}
