package org.sfsbench.report.text;

import static org.sfsbench.report.Decimals.CPU_SCALE;
import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.ORT_SCALE;
import static org.sfsbench.report.Decimals.PERCENT_SCALE;
import static org.sfsbench.report.Decimals.fixedOrZero;
import static org.sfsbench.report.Decimals.plain;
import static org.sfsbench.report.Decimals.plainOrZero;

import java.math.RoundingMode;

import org.sfsbench.ToolVersion;
import org.sfsbench.report.ResultMapping;
import org.sfsbench.results.ServerLines;
import org.sfsbench.results.SfssumFile;
import org.sfsbench.results.SfssumRow;
import org.sfsbench.results.SloTable;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RunResult;

/**
 * The plain-text report {@code sfs report} prints: the sfssum rows exactly as sfssum prints them,
 * the steps of a LOAD=max run, the headline metric, the disclosability verdict and, where the
 * result has them, per-op figures of the peak point in the manner of sfsres.
 */
public final class TextReport {
    private TextReport() {
    }

    /** The report at {@link Reflow#WIDTH} columns. */
    public static String render(RunResult r) {
        return render(r, Reflow.WIDTH);
    }

    /** The report with no line wider than {@code width} (the sfssum rows are 77 columns). */
    public static String render(RunResult r, int width) {
        StringBuilder b = new StringBuilder(8192);
        b.append("sfsbench result ").append(r.suffix()).append(" (sfsbench ")
                .append(r.toolVersion() != null ? r.toolVersion() : ToolVersion.VERSION).append(")\n\n");
        boolean own = ReportHeadline.ownChecks(r);
        if (own) {
            ReportHeadline.lines(r).forEach(l -> b.append(Reflow.para(0, l, width)));
            b.append('\n');
        }
        b.append(Reflow.para(0, "Load points (sfssum columns: requested ops/s, achieved ops/s, msec/op, total ops,"
                + " seconds, protocol, T, IP version, file set KB, clients, procs/client, biod writes, biod reads,"
                + " release)", width));
        for (LoadPointResult p : r.loadPoints()) {
            b.append(SfssumFile.format(row(p))).append('\n');
        }
        if (own && r.loadPoints().stream().anyMatch(p -> p.requestedOpsPerSec() == 0)) {
            b.append(Reflow.para(0, "(requested ops/s, the first column, is 0 on unpaced rows: nothing was"
                    + " requested, every proc ran as fast as it could)", width));
        }
        b.append('\n');
        b.append(throughputAndCpu(r, width));
        b.append(PercentilesText.of(r, width));
        b.append(ReplayLagText.of(r, width));
        b.append(StepsText.of(r, width));
        if (r.slo() != null) {
            SloTable.lines(r.slo()).forEach(l -> b.append(l.length() <= width ? l + "\n"
                    : Reflow.para(l.startsWith("  ") ? 2 : 0, l.strip(), width)));
            b.append('\n');
        }
        for (LoadPointResult p : r.loadPoints()) {
            if (p.warmup() != null) {
                b.append(Reflow.para(0, "Point " + p.index() + " warm-up: " + p.warmup().text(), width));
            }
            for (String line : ServerLines.of(p.server())) {
                b.append(Reflow.para(0, "Point " + p.index() + ": " + line, width));
            }
        }
        if (own) {
            ReportHeadline.verdict(r).forEach(l -> b.append(l.startsWith("  ") ? Reflow.item(l.strip(), width)
                    : Reflow.para(0, l, width)));
        }
        if (!own && r.peakThroughput() > 0) {
            b.append("Peak throughput:        ").append(Math.round(r.peakThroughput())).append(" ops/sec\n");
            b.append("Overall response time:  ").append(plain(r.overallResponseTimeMs(), ORT_SCALE))
                    .append(" msec\n");
            String noOrigin = plain(r.overallResponseTimeNoOriginMs(), ORT_SCALE);
            if (noOrigin != null) {
                b.append("ORT without origin:     ").append(noOrigin).append(" msec\n");
            }
        }
        if (!own) {
            b.append(ReportHeadline.of(r)).append("\n\n");
            if (r.disclosable()) {
                b.append("Disclosable: yes (every run rule passed)\n");
            } else {
                b.append("Disclosable: NO\n");
                r.nonDisclosableReasons().forEach(n -> b.append(Reflow.item(n, width)));
            }
        }
        LoadPointResult peak = ReportHeadline.peakPoint(r);
        if (peak != null && !peak.ops().isEmpty()) {
            b.append("\nOperations at load point ").append(peak.index()).append(" (")
                    .append(Math.round(peak.achievedOpsPerSec())).append(" ops/sec):\n");
            // two tables: the mix, then the response times; each fits the width on its own
            TextTable mix = new TextTable("op", "count", "errors", "target %", "actual %", "MB/s");
            TextTable times = new TextTable("op", "mean ms", "p50 ms", "p99 ms", "p99.9 ms");
            for (OpResult o : peak.ops()) {
                String name = ResultMapping.opName(o);
                mix.row(name, o.count(), o.errors(), plainOrZero(o.targetPercent(), PERCENT_SCALE),
                        plainOrZero(o.achievedPercent(), PERCENT_SCALE), plain(o.mbPerSec(), MBPS_SCALE));
                boolean l = o.count() > 0;   // an op without ops has no latency
                times.row(name, l ? plainOrZero(o.meanMs(), MSEC_SCALE) : null,
                        l ? plainOrZero(o.p50Ms(), MSEC_SCALE) : null, l ? plainOrZero(o.p99Ms(), MSEC_SCALE) : null,
                        l ? plainOrZero(o.p999Ms(), MSEC_SCALE) : null);
            }
            b.append(mix.render(width)).append('\n');
            b.append("Response time of each op at load point ").append(peak.index()).append(":\n");
            b.append(times.render(width));
        }
        return b.toString();
    }

    /**
     * MB/s and client CPU per load point (docs/results.md "MB/s and client CPU"); "" when no point
     * has either (a result read from sfssum).
     */
    static String throughputAndCpu(RunResult r, int width) {
        TextTable t = new TextTable("point", "ops/s", "MB/s", "busy %", "user %", "sys %", "CPUs", "worker %",
                "us/op");
        for (LoadPointResult p : r.loadPoints()) {
            String mbps = plain(p.throughputMBps(), MBPS_SCALE);
            CpuResult c = p.cpu();
            if (mbps == null && c == null) {
                continue;
            }
            t.row(p.index(), Math.round(p.achievedOpsPerSec()), mbps, c != null ? one(c.hostBusyPercent()) : null,
                    c != null ? one(c.hostUserPercent()) : null, c != null ? one(c.hostSystemPercent()) : null,
                    c != null ? c.hostCpus() : null, c != null ? one(c.processPercent()) : null,
                    c != null ? one(c.processUsPerOp()) : null);
        }
        if (t.isEmpty()) {
            return "";
        }
        return Reflow.para(0, "MB/s (10^6 bytes) and client CPU over RUN: the clients' hosts busy, user and system"
                + " time in % of all their CPUs; worker = the clients' worker processes, % of one CPU and CPU us"
                + " per op", width) + t.render(width) + "\n";
    }

    /** A published CPU figure to one decimal. */
    static String one(double published) {
        return fixedOrZero(published, CPU_SCALE).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /**
     * The sfssum row of a point as published: msec/op at sfssum's one decimal (the figure its metric
     * is computed from); a point of a workload without sfssum's last three columns shows 0 0 -.
     */
    public static SfssumRow row(LoadPointResult p) {
        SfssumRow x = SfssumRow.of(p);
        boolean biod = ResultMapping.hasBiodColumns(p);
        return new SfssumRow(x.requested(), x.achieved(), fixedOrZero(x.msecPerOp(), 1).doubleValue(), x.totalOps(),
                x.seconds(), x.protocol(), x.network(), x.ipVersion(), x.filesetKb(), x.loadGenerators(),
                x.procsPerGenerator(), biod ? x.biodWrites() : 0, biod ? x.biodReads() : 0, biod ? x.release() : "-");
    }
}
