package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OutageResult;

/** A point's outages in words: one line each, for sfsres, sfslog and the console. */
public final class OutageText {
    private OutageText() {
    }

    public static List<String> lines(LoadPointResult p) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < p.outages().size(); i++) {
            out.add("Outage " + (i + 1) + ": " + line(p.outages().get(i)));
        }
        return out;
    }

    static String line(OutageResult o) {
        String span = Double.isNaN(o.endSeconds())
                ? String.format(Locale.ROOT, "%.3f s into RUN, lasting to its end", o.beginSeconds())
                : String.format(Locale.ROOT, "%.3f .. %.3f s into RUN (%.3f s)", o.beginSeconds(), o.endSeconds(),
                        o.seconds());
        String recovery = Double.isNaN(o.recoverySeconds())
                ? "ops/s not back to " + pct() + " of its level before within RUN"
                : String.format(Locale.ROOT, "ops/s back to %s of its level before %.1f s after it began", pct(),
                        o.recoverySeconds());
        return String.format(Locale.ROOT, "%s; %s; re-sent %d, failed %d, reconnects %d, handles re-opened %d,"
                + " lost %d; p99 before %s, during %s, after %s", span, recovery, o.resent(), o.failed(),
                o.reconnects(), o.reopened(), o.lost(), ms(o.p99BeforeMs()), ms(o.p99DuringMs()), ms(o.p99AfterMs()));
    }

    private static String pct() {
        return Math.round(OutageFigures.RECOVERED * 100) + " %";
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f ms", v);
    }
}
