package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.SloProbeResult;
import org.sfsbench.results.model.SloResult;

/**
 * The SLO search as text (sfsres, sfs report): what was searched, one row per probe (80 columns),
 * why each failed probe failed, and the answer.
 */
public final class SloTable {
    private static final String ROW = "%3s %-7s %7s %8s %5s %8s %7s %7s %7s %7s %s%n";

    private SloTable() {
    }

    public static List<String> lines(SloResult s) {
        List<String> out = new ArrayList<>();
        out.add("SLO search: " + s.slo() + String.format(Locale.ROOT, " (precision %s %% of the top speed, %d"
                + " confirmation%s, at least %,d samples a probe; rates in ops/s, latency in ms from each op's"
                + " intended start, all clients merged)", fmt(s.precisionPct()), s.confirm(), s.confirm() == 1 ? "" : "s",
                s.samplesNeeded()));
        out.add(String.format(Locale.ROOT, ROW, "#", "kind", "paced", "achieved", "secs", "samples", "p50", "p90",
                "p99", "p99.9", "").stripTrailing());
        List<String> why = new ArrayList<>();
        for (SloProbeResult p : s.probes()) {
            out.add(String.format(Locale.ROOT, ROW, p.number(), p.kind(), num(p.requestedOpsPerSec()),
                    num(p.achievedOpsPerSec()), num(p.seconds()) + (p.windows() > 1 ? "+" : ""), p.samples(),
                    ms(p.p50Ms()), ms(p.p90Ms()), ms(p.p99Ms()), ms(p.p999Ms()),
                    p.passed() ? "pass" : p.verdict().equals("fail") ? "FAIL" : "FEW").stripTrailing());
            if (p.windows() > 1) {
                why.add("  probe " + p.number() + ": " + p.windows() + " windows: " + p.extraWindowsText());
            }
            if (!p.reason().isEmpty()) {
                why.add("  probe " + p.number() + ": " + p.reason());
            }
        }
        out.addAll(why);
        if (s.probes().stream().anyMatch(p -> p.windows() > 1)) {
            out.add("  (secs with + : the probe was measured in more than one window, for the reason listed)");
        }
        out.add(s.answer());
        return out;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
