package org.sfsbench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.sfsbench.results.model.ClientInfo;
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
    private static final String OP_ROW = "  %-31s %7s %7s %10s %9s %8s %8s %8s %8s %8s %7s%n";

    private SfsresWriter() {
    }

    /** Writes {@code run} to {@code file}, replacing it. */
    public static void write(Path file, RunResult run) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, format(run), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The whole text. */
    public static String format(RunResult run) {
        StringBuilder b = new StringBuilder();
        header(b, run);
        for (LoadPointResult p : run.getLoadPoints()) {
            loadPoint(b, p);
        }
        verdict(b, run);
        return b.toString();
    }

    private static void header(StringBuilder b, RunResult run) {
        b.append("sfsbench ").append(run.getToolVersion()).append(" result ").append(run.getSuffix()).append('\n');
        b.append("Started ").append(run.getStartTime()).append(", ended ")
                .append(run.getEndTime() == null ? "(running)" : run.getEndTime()).append('\n');
        b.append("Protocol ").append(run.getProtocol() == null ? null : run.getProtocol().sfssumName()).append(", workload ").append(run.getWorkload()).append('\n');
        b.append("rc file ").append(run.getRcFile()).append('\n');
        for (RcVariable v : run.getRcVariables()) {
            b.append("  ").append(v.name()).append('=')
                    .append(RcVariable.isSecret(v.name()) ? RcVariable.MASK : v.value()).append('\n');
        }
        b.append("Clients\n");
        for (ClientInfo c : run.getClients()) {
            b.append(String.format(Locale.ROOT, "  %4d %-30s %4d procs%n", c.number(), c.name(), c.procs()));
        }
        for (String n : run.getNotes()) {
            b.append("Note: ").append(n).append('\n');
        }
    }

    private static void loadPoint(StringBuilder b, LoadPointResult p) {
        b.append('\n').append(String.format(Locale.ROOT,
                "Load point %d: requested %d ops/s, achieved %.1f ops/s, %.1f msec/op, %d ops in %.1f s,"
                        + " file set %d KB%n", p.getIndex(), p.getRequestedOpsPerSec(), p.getAchievedOpsPerSec(),
                p.getMsecPerOp(), p.getTotalOps(), p.getSeconds(), p.getFilesetKb()));
        b.append(String.format(Locale.ROOT, OP_ROW, "Op", "Target%", "Actual%", "Count", "Ops/s", "Mean ms", "Min ms",
                "Max ms", "p50 ms", "p99 ms", "Errors"));
        for (OpResult o : p.getOps()) {
            b.append(String.format(Locale.ROOT, OP_ROW, o.name(), f1(o.targetPercent()),
                    f1(o.achievedPercent()), o.count(), f1(o.opsPerSec()), f2(o.meanMs()),
                    f2(o.minMs()), f2(o.maxMs()), f2(o.p50Ms()), f2(o.p99Ms()), o.errors()));
        }
        double targets = 0;
        for (OpResult o : p.getOps()) {
            targets += o.targetPercent();
        }
        b.append(String.format(Locale.ROOT, OP_ROW, "Total", f1(targets), p.getTotalOps() > 0 ? "100.0" : "0.0",
                p.getTotalOps(),
                f1(p.getAchievedOpsPerSec()), f2(p.getMsecPerOp()), "", "", f2(p.getP50Ms()), f2(p.getP99Ms()),
                p.getFailedOps()));
        b.append(String.format(Locale.ROOT, "  Late ops (sent > 1 ms after schedule): %d; p90 %.2f ms, p99.9 %.2f ms,"
                + " mean service %.2f ms%n", p.getLateOps(), p.getP90Ms(), p.getP999Ms(), p.getMeanServiceMs()));
        if (!p.getErrors().isEmpty()) {
            b.append("  Errors by status\n");
            for (ErrorResult e : p.getErrors()) {
                b.append(String.format(Locale.ROOT, "    %-31s %-28s %10d%n", e.op(), e.statusText(),
                        e.count()));
            }
        }
        if (p.getSimulatedClients() > 0) {   // a loadfile replay: dbench's terms too
            b.append("  In dbench's terms (ms)\n");
            for (String line : LoadfileText.lines(p)) {
                b.append(' ').append(line).append('\n');
            }
        }
    }

    private static void verdict(StringBuilder b, RunResult run) {
        b.append('\n');
        if (!run.isComplete()) {
            b.append("RUN INCOMPLETE: ").append(run.getFailure()).append('\n');
        }
        if (!run.getRuleChecks().isEmpty()) {
            b.append("Run rules\n");
            for (RuleCheck c : run.getRuleChecks()) {
                b.append(String.format(Locale.ROOT, "  %s %-16s %s (%s)%n", c.passed() ? "PASS" : "FAIL", c.id(),
                        c.description(), c.detail()));
            }
        }
        b.append("Disclosable: ").append(run.isDisclosable() ? "yes" : "NO").append('\n');
        for (String r : run.getNonDisclosableReasons()) {
            b.append("  ").append(r).append('\n');
        }
        b.append(String.format(Locale.ROOT, "Peak throughput: %.0f ops/sec%n", run.getPeakThroughput()));
        b.append(String.format(Locale.ROOT, "Overall response time: %.2f msec (without the origin: %.2f msec)%n",
                run.getOverallResponseTimeMs(), run.getOverallResponseTimeNoOriginMs()));
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
