package org.sfsbench.cli;

import java.util.List;
import java.util.Locale;

import org.sfsbench.rc.RunConfig;
import org.sfsbench.rc.TopSpeed;

/** The top-speed part of {@code sfs plan}: data set and cache fit, the steps and the curve. */
final class TopSpeedPlanText {
    /** Above this multiple of SERVER_CACHE at most a quarter of the reads can hit the cache. */
    static final int UNCACHED_FACTOR = 4;

    private TopSpeedPlanText() {
    }

    static String of(RunConfig c) {
        TopSpeed ts = c.topSpeed();
        StringBuilder sb = new StringBuilder();
        if (ts.workingSet() > 0) {
            long total = ts.workingSet() * c.clients().size();
            sb.append(String.format(Locale.ROOT, "working set     %s per client, %s in all%s%n", bytes(ts.workingSet()),
                    bytes(total), TopSpeed.isDataset(c.workload()) ? " (" + files(c) + ")"
                            : " (file set = WORKING_SET / ACCESS_PCNT " + c.accessPcnt() + " %)"));
            sb.append("server cache    ").append(fit(total, ts.serverCache())).append('\n');
        }
        if (ts.xferSize() > 0) {
            sb.append("transfer size   ").append(bytes(ts.xferSize())).append('\n');
        }
        if (!ts.unpaced()) {
            return sb.toString();
        }
        TopSpeed.StepProcs sp = ts.steps();
        if (sp == null) {
            sb.append(String.format(Locale.ROOT, "load            max: %d procs per client unpaced, ramp %d s, measured %d s%n",
                    c.procs(), c.warmupTime(), c.runtime()));
        } else {
            List<Integer> counts = sp.counts();
            sb.append(String.format(Locale.ROOT, "steps           %d: procs per client %s, unpaced, every %d s"
                    + " (ramp %d s, measured %d s), one file set for all%n", counts.size(), join(counts),
                    sp.everySeconds(), sp.rampSeconds(), sp.measureSeconds()));
            sb.append("plateau         ").append(ts.plateauPct() > 0
                    ? "stop when a step adds less than " + num(ts.plateauPct()) + " % ops/s"
                    : "none: every step runs (the knee is where a step adds less than 5 %)").append('\n');
        }
        if (!ts.curvePcts().isEmpty()) {
            sb.append("curve           then paced at ").append(join(ts.curvePcts()))
                    .append(" % of the maximum measured above");
            if (ts.curveMaxMsec() > 0) {
                sb.append(", until a point's mean response time passes ").append(num(ts.curveMaxMsec())).append(" msec");
            }
            sb.append('\n');
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
