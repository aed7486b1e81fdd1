package org.sfsbench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.ErrorResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

/**
 * sfsres.&lt;suffix&gt;: the human-readable result. Rewritten whole after every load point (via a
 * temporary file and a rename, so a reader never sees half a file); layout in docs/results.md.
 */
public final class SfsresWriter {
    private static final String OP_ROW = "  %-31s %7s %7s %10s %9s %9s %8s %8s %8s %8s %8s %7s%n";
    private static final String CLIENT_ROW = "  %4s %-24s %10s %9s %7s %7s %7s %5s %8s %8s%n";

    private SfsresWriter() {
    }

    /** Writes {@code run} to {@code file}, replacing it. */
    public static void write(Path file, RunResult run) throws IOException {
        ResultFiles.write(file, format(run));
    }

    /** The whole text. */
    public static String format(RunResult run) {
        StringBuilder b = new StringBuilder();
        if (run.failure() != null) {
            b.append("RUN FAILED: ").append(run.failure()).append("\n\n");
        }
        header(b, run);
        for (LoadPointResult p : run.loadPoints()) {
            loadPoint(b, p);
        }
        if (run.slo() != null) {
            b.append('\n');
            SloTable.lines(run.slo()).forEach(l -> b.append(l).append('\n'));
        }
        verdict(b, run);
        return b.toString();
    }

    private static void header(StringBuilder b, RunResult run) {
        b.append("sfsbench ").append(run.toolVersion()).append(" result ").append(run.suffix()).append('\n');
        b.append("Started ").append(run.startTime()).append(", ended ")
                .append(run.endTime() == null ? "(running)" : run.endTime()).append('\n');
        b.append("Protocol ").append(run.protocol() == null ? null : run.protocol().sfssumName()).append(", workload ").append(run.workload()).append('\n');
        b.append("rc file ").append(run.rcFile()).append('\n');
        for (RcVariable v : run.rcVariables()) {
            b.append("  ").append(v.name()).append('=')
                    .append(RcVariable.isSecret(v.name()) ? RcVariable.MASK : v.value()).append('\n');
        }
        b.append("Clients\n");
        for (ClientInfo c : run.clients()) {
            b.append(String.format(Locale.ROOT, "  %4d %-30s %4d procs%s%n", c.number(), c.name(), c.procs(),
                    c.os().isEmpty() ? "" : "  " + c.os()));
        }
        for (String n : run.notes()) {
            b.append("Note: ").append(n).append('\n');
        }
    }

    private static void loadPoint(StringBuilder b, LoadPointResult p) {
        b.append('\n').append(String.format(Locale.ROOT,
                "Load point %d: %s, achieved %.1f ops/s, %.1f msec/op, %d ops in %.1f s,"
                        + " file set %d KB%n", p.index(), VerdictText.unpaced(p) ? "unpaced (nothing requested)"
                        : "requested " + p.requestedOpsPerSec() + " ops/s", p.achievedOpsPerSec(),
                p.msecPerOp(), p.totalOps(), p.seconds(), p.filesetKb()));
        if (p.warmup() != null) {
            b.append("  Warm-up: ").append(p.warmup().text()).append('\n');
        }
        b.append(TrialsText.table(p));
        b.append(String.format(Locale.ROOT, OP_ROW, "Op", "Target%", "Actual%", "Count", "Ops/s", "MB/s", "Mean ms", "Min ms",
                "Max ms", "p50 ms", "p99 ms", "Errors"));
        for (OpResult o : p.ops()) {
            b.append(String.format(Locale.ROOT, OP_ROW, o.name(), f1(o.targetPercent()),
                    f1(o.achievedPercent()), o.count(), f1(o.opsPerSec()), f3(o.mbPerSec()), f2(o.meanMs()),
                    f2(o.minMs()), f2(o.maxMs()), f2(o.p50Ms()), f2(o.p99Ms()), o.errors()));
        }
        double targets = 0;
        for (OpResult o : p.ops()) {
            targets += o.targetPercent();
        }
        b.append(String.format(Locale.ROOT, OP_ROW, "Total", f1(targets), p.totalOps() > 0 ? "100.0" : "0.0",
                p.totalOps(),
                f1(p.achievedOpsPerSec()), f3(p.throughputMBps()), f2(p.msecPerOp()), "", "", f2(p.p50Ms()), f2(p.p99Ms()),
                p.failedOps()));
        b.append(String.format(Locale.ROOT, "  Late ops (sent > 1 ms after schedule): %d; p90 %.2f ms, p99.9 %.2f ms,"
                + " mean service %.2f ms%n", p.lateOps(), p.p90Ms(), p.p999Ms(), p.meanServiceMs()));
        if (p.afterEndOps() > 0) {
            b.append(String.format(Locale.ROOT, "  Completed after RUN's end (late, not achieved in the window): %d of %d"
                    + " ops%n", p.afterEndOps(), p.totalOps()));
        }
        if (p.retries() > 0) {
            b.append(String.format(Locale.ROOT, "  Re-sent ops (server said try again later, NFS3ERR_JUKEBOX): %d%n",
                    p.retries()));
        }
        for (String line : OutageText.lines(p)) {
            b.append("  ").append(line).append('\n');
        }
        clients(b, p);
        for (String line : ServerLines.of(p.server())) {
            b.append("  ").append(line).append('\n');
        }
        if (!p.errors().isEmpty()) {
            b.append("  Errors by status\n");
            for (ErrorResult e : p.errors()) {
                b.append(String.format(Locale.ROOT, "    %-31s %-28s %10d%n", e.op(), e.statusText(),
                        e.count()));
            }
        }
        if (p.simulatedClients() > 0) {   // a loadfile replay: dbench's terms too
            b.append("  In dbench's terms (ms)\n");
            for (String line : LoadfileText.lines(p)) {
                b.append(' ').append(line).append('\n');
            }
        }
    }

    /** MB/s and client CPU of the point, then per client (docs/results.md "Client CPU"). */
    private static void clients(StringBuilder b, LoadPointResult p) {
        CpuResult all = p.cpu();
        if (all != null) {
            b.append(String.format(Locale.ROOT, "  Client CPU over RUN: host busy %.1f %% (user %.1f %%, system %.1f %%)"
                    + " of %d CPUs; worker processes %.1f %% of one CPU, %.1f us per op%n", all.hostBusyPercent(),
                    all.hostUserPercent(), all.hostSystemPercent(), all.hostCpus(), all.processPercent(),
                    all.processUsPerOp()));
        } else if (!p.clients().isEmpty()) {
            b.append("  Client CPU over RUN: not measured\n");
        }
        if (p.clients().isEmpty()) {
            return;
        }
        if (ClientSpread.summarises(p.clients().size())) {
            ClientSpread.of(p.clients().stream().map(c -> new ClientSpread.Client(c.number(), c.client(), c.opsPerSec()))
                    .toList()).lines().forEach(l -> b.append("  ").append(l).append('\n'));
            return;
        }
        b.append(String.format(Locale.ROOT, CLIENT_ROW, "#", "Client", "Ops/s", "MB/s", "Busy%", "User%", "Sys%",
                "CPUs", "Worker%", "CPU us/op"));
        for (ClientThroughput c : p.clients()) {
            CpuResult u = c.cpu();
            b.append(String.format(Locale.ROOT, CLIENT_ROW, c.number(), c.client(), f1(c.opsPerSec()),
                    f3(c.mbPerSec()), u == null ? "-" : f1(u.hostBusyPercent()),
                    u == null ? "-" : f1(u.hostUserPercent()), u == null ? "-" : f1(u.hostSystemPercent()),
                    u == null ? "-" : String.valueOf(u.hostCpus()), u == null ? "-" : f1(u.processPercent()),
                    u == null ? "-" : f1(u.processUsPerOp())));
        }
        List<String> clocks = ClockText.lines(p);
        if (!clocks.isEmpty()) {
            b.append("  Client clocks:\n");
            clocks.forEach(l -> b.append("    ").append(l).append('\n'));
        }
    }

    private static void verdict(StringBuilder b, RunResult run) {
        b.append('\n');
        if (!run.complete()) {
            b.append("RUN INCOMPLETE: ").append(run.failure()).append('\n');
        }
        if (run.headline() != null && !run.headline().sfs2008()) {
            b.append("Headline\n");
            run.headline().lines().forEach(l -> b.append("  ").append(l).append('\n'));
            VerdictText.verdict(run).forEach(l -> b.append(l).append('\n'));
            return;
        }
        if (!run.ruleChecks().isEmpty()) {
            b.append("Run rules\n");
            for (RuleCheck c : run.ruleChecks()) {
                b.append(c.passed()
                        ? String.format(Locale.ROOT, "  PASS %-16s %s (%s)%n", c.id(), c.description(), c.detail())
                        : String.format(Locale.ROOT, "  FAIL %-16s %s (rule: %s)%n", c.id(), c.detail(),
                                c.description()));
            }
        }
        b.append("Disclosable: ").append(run.disclosable() ? "yes" : "NO").append('\n');
        for (String r : run.nonDisclosableReasons()) {
            b.append("  ").append(r).append('\n');
        }
        if (Metrics.compute(run.loadPoints()).peakIndex() < 0) {
            b.append(noMetric(run)).append('\n');
            return;
        }
        b.append(String.format(Locale.ROOT, "Peak throughput: %.0f ops/sec%s%n", run.peakThroughput(),
                peakInterval(run)));
        b.append(String.format(Locale.ROOT, "Overall response time: %.2f msec (without the origin: %.2f msec)%n",
                run.overallResponseTimeMs(), run.overallResponseTimeNoOriginMs()));
    }

    private static String peakInterval(RunResult run) {
        int peak = Metrics.compute(run.loadPoints()).peakIndex();
        return run.loadPoints().stream().filter(p -> p.index() == peak).findFirst().map(TrialsText::throughputInterval)
                .orElse("");
    }

    /** Why a run has no peak throughput and no overall response time. */
    public static String noMetric(RunResult run) {
        return run.loadPoints().isEmpty() ? "No peak throughput and no overall response time: no load point finished."
                : "No peak throughput and no overall response time: no load point completed ops within "
                        + RunRules.num(Metrics.RESPONSE_LIMIT_MS) + " msec/op.";
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Three decimals (MB/s); "-" when not known. */
    private static String f3(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
