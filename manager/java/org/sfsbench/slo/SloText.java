package org.sfsbench.slo;

import java.util.Locale;

import org.sfsbench.results.model.SloProbeResult;

/** The console and sfslog lines of an SLO search as it runs. */
public final class SloText {
    private SloText() {
    }

    /** " (probe 3, bisect: 41,200 ops/s in all)", the tail of a probe step's progress line. */
    public static String request(SloSearch.Request q) {
        String why = switch (q.why()) {
            case FIRST -> "";
            case SAMPLES -> ", lengthened for samples";
            case STALL -> ", measured again";
            case UNCERTAIN -> ", another window: verdict uncertain";
        };
        return String.format(Locale.ROOT, " (probe %d, %s%s: %,.0f ops/s in all)", q.probe(),
                q.kind().name().toLowerCase(Locale.ROOT), why, q.rate());
    }

    /** A judged probe's line, or (p null) why the probe is measured again: {@code again}, its next window. */
    public static String judged(SloProbeResult p, SloSearch.Request again) {
        if (p == null) {
            return switch (again.why()) {
                case STALL -> "     SLO probe measured again: it failed on latency with its median op within the"
                        + " bound (a stall?); judged on its windows merged";
                case UNCERTAIN -> "     SLO probe measured again: " + again.note() + "; judged on its windows merged";
                default -> "     SLO probe lengthened: too few samples for the percentile yet";
            };
        }
        return String.format(Locale.ROOT, "     SLO probe %d (%s) %,.0f ops/s: achieved %,.0f, %,d samples in %.0f s,"
                + " p50 %.3f p90 %.3f p99 %.3f p99.9 %.3f ms: %s%s", p.number(), p.kind(), p.requestedOpsPerSec(),
                p.achievedOpsPerSec(), p.samples(), p.seconds(), p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(),
                p.verdict().toUpperCase(Locale.ROOT), p.reason().isEmpty() ? "" : " (" + p.reason() + ")");
    }
}
