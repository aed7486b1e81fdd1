package org.sfsbench.results;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.SampleLayout;
import org.sfsbench.results.model.ErrorResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.ReplayLagResult;

/**
 * A WORKLOAD=loadfile point in dbench's terms: the per-op table (Count, AvgLat, MaxLat in ms, and
 * our percentiles) and dbench's closing line ({@link #throughputLine}), then the clients' CPU and,
 * for a paced replay, how closely it kept its schedule ({@link #lagLine}).
 * Each simulated client is one engine proc, so clients and procs are equal.
 */
public final class LoadfileText {
    private LoadfileText() {
    }

    /** The lines printed after the point (docs/loadfile.md). */
    public static List<String> lines(LoadPointResult r) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, " %-31s %10s %9s %9s %9s %9s %8s", "Operation", "Count", "AvgLat",
                "MaxLat", "p50", "p99", "Errors"));
        out.add(" " + "-".repeat(91));
        double maxMs = 0;
        for (OpResult o : r.ops()) {
            if (o.count() == 0) {
                continue;
            }
            maxMs = Math.max(maxMs, o.maxMs());
            out.add(String.format(Locale.ROOT, " %-31s %10d %9.3f %9.3f %9.3f %9.3f %8d", o.name(), o.count(),
                    o.meanMs(), o.maxMs(), o.p50Ms(), o.p99Ms(), o.errors()));
        }
        for (ErrorResult e : r.errors()) {
            if (e.status() == SampleLayout.STATUS_NOT_ISSUED) {
                out.add(String.format(Locale.ROOT, " %-31s %10d  not issued: the backend cannot express it",
                        e.op(), e.count()));
            }
        }
        out.add("");
        out.add(throughputLine(r.throughputMBps(), r.simulatedClients(), maxMs));
        if (r.cpu() != null) {   // not dbench's: the clients' CPU (docs/results.md "MB/s and client CPU")
            out.add(String.format(Locale.ROOT, "Client CPU %.1f %% of %d CPUs (user %.1f %%, system %.1f %%);"
                    + " workers %.1f %% of one CPU, %.1f us per op", r.cpu().hostBusyPercent(), r.cpu().hostCpus(),
                    r.cpu().hostUserPercent(), r.cpu().hostSystemPercent(), r.cpu().processPercent(),
                    r.cpu().processUsPerOp()));
        }
        if (r.replayLag() != null) {
            out.add(lagLine(r.replayLag()));
        }
        if (r.loadfilePasses() > 0) {
            out.add(passesLine(r));
        }
        return out;
    }

    /** LOADFILE_PASSES: what ended RUN, the passes or RUNTIME (docs/loadfile.md, "Timing"). */
    public static String passesLine(LoadPointResult r) {
        String passes = r.loadfilePasses() + (r.loadfilePasses() == 1 ? " pass" : " passes");
        return r.passesDone()
                ? String.format(Locale.ROOT, "Passes: every client replayed its %s, in %.3f s", passes, r.seconds())
                : String.format(Locale.ROOT, "Passes: RUNTIME (%.0f s) ended RUN before every client had replayed"
                        + " its %s", r.seconds(), passes);
    }

    /** How closely a paced replay kept its schedule (docs/loadfile.md, "Timing"). */
    public static String lagLine(ReplayLagResult g) {
        return String.format(Locale.ROOT, "Replay lag p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms"
                + " (send time minus the scheduled time, %d ops)", g.p50Ms(), g.p90Ms(), g.p99Ms(), g.maxMs(), g.ops());
    }

    /**
     * dbench's result line: its README's {@code Throughput 40.6701 MB/sec (NB=50.8376 MB/sec
     * 406.701 MBit/sec)} (NB, netbench's scale, is 1.25 x MB/s; MBit is 8 x NB), then the modern
     * {@code N clients  N procs  max_latency=Y ms}. Numbers as C's %g prints them.
     */
    public static String throughputLine(double mbPerSec, int clients, double maxLatencyMs) {
        double nb = netbench(mbPerSec);
        return String.format(Locale.ROOT, "Throughput %s MB/sec (NB=%s MB/sec  %s MBit/sec)  %d clients  %d procs"
                + "  max_latency=%.3f ms", g(mbPerSec), g(nb), g(8 * nb), clients, clients, maxLatencyMs);
    }

    /** netbench's MB/s, as dbench reports it beside its own: 1.25 x MB/s. */
    public static double netbench(double mbPerSec) {
        return 1.25 * mbPerSec;
    }

    /** C's %g: 6 significant digits, no trailing zeros, an exponent outside 1e-4 .. 1e6. */
    static String g(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v == 0 ? "0" : String.valueOf(v);
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(6));
        int exp = d.precision() - d.scale() - 1;
        if (exp < -4 || exp >= 6) {
            String m = d.movePointLeft(exp).stripTrailingZeros().toPlainString();
            return String.format(Locale.ROOT, "%se%s%02d", m, exp < 0 ? "-" : "+", Math.abs(exp));
        }
        return d.stripTrailingZeros().toPlainString();
    }
}
