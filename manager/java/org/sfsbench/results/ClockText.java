package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;

/** The per-client clock lines of a load point, as sfsres and sfslog print them (docs/results.md). */
public final class ClockText {

    private ClockText() {
    }

    /**
     * "client 2 c2: offset +3001.2 ms ± 0.4, WARMUP started +1.2 ms, RUN started -0.3 ms (tolerance
     * 20.4 ms), slowest answer 2.1 ms" for every client whose clock was measured.
     */
    public static List<String> lines(LoadPointResult p) {
        List<String> out = new ArrayList<>();
        for (ClientThroughput c : p.clients()) {
            ClientClock k = c.clock();
            if (k == null) {
                continue;
            }
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "client %d %s: offset %+.1f ms ± %.1f",
                    c.number(), c.client(), k.offsetMs(), k.uncertaintyMs()));
            // a replay of LOADFILE_PASSES starts with RUN
            sb.append(p.loadfilePasses() > 0 ? ", no WARMUP" : lag("WARMUP", k.warmupLagMs()))
                    .append(lag("RUN", k.runLagMs()));
            sb.append(String.format(Locale.ROOT, " (tolerance %.1f ms), slowest answer %.1f ms",
                    PhaseAlignment.toleranceMs(k), k.slowestAnswerMs()));
            if (k.steps() > 0) {
                sb.append(", clock stepped ").append(k.steps()).append(k.steps() == 1 ? " time" : " times");
            }
            if (k.behindProcs() > 0) {
                sb.append(", up to ").append(k.behindProcs()).append(" procs over 1 s behind schedule");
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static String lag(String phase, double ms) {
        return Double.isNaN(ms) ? ", " + phase + " start not seen"
                : String.format(Locale.ROOT, ", %s started %+.1f ms", phase, ms);
    }
}
