package org.sfsbench.cli;

import java.util.List;
import java.util.Locale;

import org.sfsbench.rc.RunConfig;
import org.sfsbench.rc.TopSpeed;
import org.sfsbench.report.text.Reflow;

/** The top-speed part of {@code sfs plan}: data set and cache fit, the steps and the curve. */
final class TopSpeedPlanText {
    /** Above this multiple of SERVER_CACHE at most a quarter of the reads can hit the cache. */
    static final int UNCACHED_FACTOR = 4;

    private TopSpeedPlanText() {
    }

    static String of(RunConfig c, int width) {
        TopSpeed ts = c.topSpeed();
        StringBuilder sb = new StringBuilder();
        if (ts.workingSet() > 0) {
            long total = ts.workingSet() * c.clients().size();
            sb.append(Reflow.field("working set", bytes(ts.workingSet()) + " per client, " + bytes(total) + " in all"
                    + (TopSpeed.isDataset(c.workload()) ? " (" + files(c) + ")"
                            : " (file set = WORKING_SET / ACCESS_PCNT " + c.accessPcnt() + " %)"), width));
            sb.append(Reflow.field("server cache", fit(total, ts.serverCache()), width));
        }
        if (ts.xferSize() > 0) {
            sb.append(Reflow.field("transfer size", bytes(ts.xferSize()), width));
        }
        if (!ts.unpaced()) {
            return sb.toString();
        }
        TopSpeed.StepProcs sp = ts.steps();
        if (sp == null) {
            sb.append(Reflow.field("load", String.format(Locale.ROOT,
                    "max: %d procs per client unpaced, ramp %s, measured %d s", c.procs(), PlanText.warmup(c),
                    c.runtime()), width));
        } else {
            List<Integer> counts = sp.counts();
            sb.append(Reflow.field("steps", String.format(Locale.ROOT, "%d: procs per client %s, unpaced, every %d s"
                    + " (ramp %d s, measured %d s), one file set for all", counts.size(), join(counts),
                    sp.everySeconds(), sp.rampSeconds(), sp.measureSeconds()), width));
            sb.append(Reflow.field("plateau", ts.plateauPct() > 0
                    ? "stop when a step adds less than " + num(ts.plateauPct()) + " % ops/s"
                    : "none: every step runs (the knee is where a step adds less than 5 %)", width));
        }
        if (!ts.curvePcts().isEmpty()) {
            String curve = "then paced at " + join(ts.curvePcts()) + " % of the maximum measured above";
            if (ts.curveMaxMsec() > 0) {
                curve += ", until a point's mean response time passes " + num(ts.curveMaxMsec()) + " msec";
            }
            sb.append(Reflow.field("curve", curve, width));
        }
        if (ts.slo() != null) {
            sb.append(SloPlanText.of(c, width));
        }
        return sb.toString();
    }

    /**
     * Whether the total working set is meant to fit the server's cache: cached when it is at
     * most SERVER_CACHE, uncached when it is at least {@link #UNCACHED_FACTOR} times larger.
     */
    static String fit(long total, long cache) {
        if (cache == 0) {
            return "SERVER_CACHE not set: the plan cannot say whether the working set fits";
        }
        if (total <= cache) {
            return bytes(cache) + ": the working set fits (a cached read)";
        }
        if (total >= UNCACHED_FACTOR * cache) {
            return bytes(cache) + ": the working set is " + String.format(Locale.ROOT, "%.1f", (double) total / cache)
                    + " x the cache (an uncached read: at most " + 100 / UNCACHED_FACTOR + " % can hit)";
        }
        return bytes(cache) + ": the working set is " + String.format(Locale.ROOT, "%.1f", (double) total / cache)
                + " x the cache (partly cached: neither a cached nor an uncached read; use at most 1 x or at least "
                + UNCACHED_FACTOR + " x)";
    }

    private static String files(RunConfig c) {
        long n = c.fileCount() > 0 ? c.fileCount() : c.procs();
        return n + " files of " + bytes(c.topSpeed().workingSet() / n) + " per client";
    }

    static String bytes(long b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v))
                + " " + units[u];
    }

    private static String join(List<Integer> l) {
        StringBuilder sb = new StringBuilder();
        for (int x : l) {
            sb.append(sb.length() == 0 ? "" : " ").append(x);
        }
        return sb.toString();
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
