package org.sfsbench.report.text;

import org.sfsbench.report.summary.DocumentHeadline;
import org.sfsbench.report.summary.PeakPoint;
import org.sfsbench.report.summary.PublishedServerFigures;
import org.sfsbench.report.summary.WarmupFigures;
import org.sfsbench.report.SloMapping;
import org.sfsbench.results.SloTable;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.results.ServerLines;
import org.sfsbench.results.SfssumFile;
import org.sfsbench.results.SfssumRow;

/**
 * The plain-text report {@code sfs report} prints: the sfssum rows exactly as sfssum prints them,
 * the steps of a LOAD=max run, the headline metric, the disclosability verdict and, where the
 * result has them, per-op figures of the peak point in the manner of sfsres.
 */
public final class TextReport {
    private TextReport() {
    }

    /** The report at {@link Reflow#WIDTH} columns. */
    public static String render(ResultDocument d) {
        return render(d, Reflow.WIDTH);
    }

    /** The report with no line wider than {@code width} (the sfssum rows are 77 columns). */
    public static String render(ResultDocument d, int width) {
        StringBuilder b = new StringBuilder(8192);
        b.append("sfsbench result ").append(d.run.suffix).append(" (").append(d.tool.name).append(' ')
                .append(d.tool.version).append(")\n\n");
        boolean own = DocumentHeadline.ownChecks(d);
        if (own) {
            DocumentHeadline.lines(d).forEach(l -> b.append(Reflow.para(0, l, width)));
            b.append('\n');
        }
        b.append(Reflow.para(0, "Load points (sfssum columns: requested ops/s, achieved ops/s, msec/op, total ops,"
                + " seconds, protocol, T, IP version, file set KB, clients, procs/client, biod writes, biod reads,"
                + " release)", width));
        for (LoadPointXml p : d.loadPoints) {
            b.append(SfssumFile.format(row(p))).append('\n');
        }
        if (own && d.loadPoints.stream().anyMatch(p -> p.requestedOpsPerSec == 0)) {
            b.append(Reflow.para(0, "(requested ops/s, the first column, is 0 on unpaced rows: nothing was"
                    + " requested, every proc ran as fast as it could)", width));
        }
        b.append('\n');
        b.append(throughputAndCpu(d, width));
        b.append(PercentilesText.of(d, width));
        b.append(ReplayLagText.of(d, width));
        b.append(StepsText.of(d, width));
        if (d.slo != null) {
            SloTable.lines(SloMapping.toModel(d.slo)).forEach(l -> b.append(l.length() <= width ? l + "\n"
                    : Reflow.para(l.startsWith("  ") ? 2 : 0, l.strip(), width)));
            b.append('\n');
        }
        for (LoadPointXml p : d.loadPoints) {
            if (p.warmup != null) {
                b.append(Reflow.para(0, "Point " + p.index + " warm-up: " + WarmupFigures.of(p.warmup).text(), width));
            }
            for (String line : ServerLines.of(PublishedServerFigures.of(p.server))) {
                b.append(Reflow.para(0, "Point " + p.index + ": " + line, width));
            }
        }
        if (own) {
            DocumentHeadline.verdict(d).forEach(l -> b.append(l.startsWith("  ") ? Reflow.item(l.strip(), width)
                    : Reflow.para(0, l, width)));
        }
        if (!own && d.metrics.peakThroughputOpsPerSec != null) {
            b.append("Peak throughput:        ").append(d.metrics.peakThroughputOpsPerSec.toPlainString())
                    .append(" ops/sec\n");
            b.append("Overall response time:  ").append(d.metrics.overallResponseTimeMsec.toPlainString())
                    .append(" msec\n");
            if (d.metrics.overallResponseTimeNoOriginMsec != null) {
                b.append("ORT without origin:     ")
                        .append(d.metrics.overallResponseTimeNoOriginMsec.toPlainString()).append(" msec\n");
            }
        }
        if (!own) {
            b.append(DocumentHeadline.of(d)).append("\n\n");
            if (d.disclosability.disclosable) {
                b.append("Disclosable: yes (every run rule passed)\n");
            } else {
                b.append("Disclosable: NO\n");
                d.disclosability.reasons.forEach(r -> b.append(Reflow.item(r, width)));
            }
        }
        LoadPointXml peak = PeakPoint.of(d);
        if (peak != null && !peak.ops.isEmpty()) {
            b.append("\nOperations at load point ").append(peak.index).append(" (")
                    .append(peak.achievedOpsPerSec.toPlainString()).append(" ops/sec):\n");
            // two tables: the mix, then the response times; each fits the width on its own
            TextTable mix = new TextTable("op", "count", "errors", "target %", "actual %", "MB/s");
            TextTable times = new TextTable("op", "mean ms", "p50 ms", "p99 ms", "p99.9 ms");
            for (OpXml o : peak.ops) {
                mix.row(o.name, o.count, o.errors, o.targetPercent.toPlainString(), o.achievedPercent.toPlainString(),
                        o.mbPerSec == null ? null : o.mbPerSec.toPlainString());
                boolean l = o.latency != null;
                times.row(o.name, l ? o.latency.meanMsec.toPlainString() : null,
                        l ? o.latency.p50Msec.toPlainString() : null, l ? o.latency.p99Msec.toPlainString() : null,
                        l ? o.latency.p999Msec.toPlainString() : null);
            }
            b.append(mix.render(width)).append('\n');
            b.append("Response time of each op at load point ").append(peak.index).append(":\n");
            b.append(times.render(width));
        }
        return b.toString();
    }

    /**
     * MB/s and client CPU per load point (docs/results.md "MB/s and client CPU"); "" when no point
     * has either (a result read from sfssum).
     */
    static String throughputAndCpu(ResultDocument d, int width) {
        TextTable t = new TextTable("point", "ops/s", "MB/s", "busy %", "user %", "sys %", "CPUs", "worker %",
                "us/op");
        for (LoadPointXml p : d.loadPoints) {
            if (p.throughputMBps == null && p.cpu == null) {
                continue;
            }
            boolean c = p.cpu != null;
            t.row(p.index, p.achievedOpsPerSec.toPlainString(),
                    p.throughputMBps == null ? null : p.throughputMBps.toPlainString(),
                    c ? one(p.cpu.hostBusyPercent) : null, c ? one(p.cpu.hostUserPercent) : null,
                    c ? one(p.cpu.hostSystemPercent) : null, c ? p.cpu.hostCpus : null,
                    c ? one(p.cpu.processPercent) : null, c ? one(p.cpu.processUsecPerOp) : null);
        }
        if (t.isEmpty()) {
            return "";
        }
        return Reflow.para(0, "MB/s (10^6 bytes) and client CPU over RUN: the clients' hosts busy, user and system"
                + " time in % of all their CPUs; worker = the clients' worker processes, % of one CPU and CPU us"
                + " per op", width) + t.render(width) + "\n";
    }

    private static String one(java.math.BigDecimal v) {
        return v.setScale(1, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** The sfssum row of a published point (its attributes are already sfssum-rounded). */
    public static SfssumRow row(LoadPointXml p) {
        // written by sfsbench the value is whole already; a hand-edited file may have decimals
        long achieved = p.achievedOpsPerSec.setScale(0, java.math.RoundingMode.HALF_UP).longValue();
        return new SfssumRow(p.requestedOpsPerSec, achieved, p.msecPerOp.doubleValue(),
                p.totalOps, p.seconds, p.protocol, p.transport, p.ipVersion, p.fileSetKB, p.clients, p.procsPerClient,
                p.biodMaxWrites == null ? 0 : p.biodMaxWrites, p.biodMaxReads == null ? 0 : p.biodMaxReads,
                p.version == null ? "-" : p.version);
    }
}
