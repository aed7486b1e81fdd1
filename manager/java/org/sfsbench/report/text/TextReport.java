package org.sfsbench.report.text;

import java.util.Locale;

import org.sfsbench.report.summary.Headline;
import org.sfsbench.report.summary.PeakPoint;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.ResultDocument;
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

    public static String render(ResultDocument d) {
        StringBuilder b = new StringBuilder(8192);
        b.append("sfsbench result ").append(d.run.suffix).append(" (").append(d.tool.name).append(' ')
                .append(d.tool.version).append(")\n\n");
        b.append("Load points (sfssum columns: requested ops/s, achieved ops/s, msec/op, total ops, seconds,\n"
                + "protocol, T, IP version, file set KB, clients, procs/client, biod writes, biod reads, release)\n");
        for (LoadPointXml p : d.loadPoints) {
            b.append(SfssumFile.format(row(p))).append('\n');
        }
        b.append('\n');
        b.append(throughputAndCpu(d));
        b.append(StepsText.of(d));
        if (d.metrics.peakThroughputOpsPerSec != null) {
            b.append("Peak throughput:        ").append(d.metrics.peakThroughputOpsPerSec.toPlainString())
                    .append(" ops/sec\n");
            b.append("Overall response time:  ").append(d.metrics.overallResponseTimeMsec.toPlainString())
                    .append(" msec\n");
            if (d.metrics.overallResponseTimeNoOriginMsec != null) {
                b.append("ORT without origin:     ")
                        .append(d.metrics.overallResponseTimeNoOriginMsec.toPlainString()).append(" msec\n");
            }
        }
        b.append(Headline.of(d)).append("\n\n");
        if (d.disclosability.disclosable) {
            b.append("Disclosable: yes (every run rule passed)\n");
        } else {
            b.append("Disclosable: NO\n");
            d.disclosability.reasons.forEach(r -> b.append("  - ").append(r).append('\n'));
        }
        LoadPointXml peak = PeakPoint.of(d);
        if (peak != null && !peak.ops.isEmpty()) {
            b.append("\nOperations at load point ").append(peak.index).append(" (")
                    .append(peak.achievedOpsPerSec.toPlainString()).append(" ops/sec):\n");
            b.append(String.format(Locale.ROOT, "%-32s %10s %7s %8s %8s %9s %9s %9s %9s%n", "op", "count", "errors",
                    "target%", "actual%", "mean ms", "p50 ms", "p99 ms", "p99.9 ms"));
            for (OpXml o : peak.ops) {
                boolean l = o.latency != null;
                b.append(String.format(Locale.ROOT, "%-32s %10d %7d %8s %8s %9s %9s %9s %9s%n", o.name, o.count,
                        o.errors, o.targetPercent.toPlainString(), o.achievedPercent.toPlainString(),
                        l ? o.latency.meanMsec.toPlainString() : "-", l ? o.latency.p50Msec.toPlainString() : "-",
                        l ? o.latency.p99Msec.toPlainString() : "-", l ? o.latency.p999Msec.toPlainString() : "-"));
            }
        }
        return b.toString();
    }

    /**
     * MB/s and client CPU per load point (docs/results.md "Client CPU"); "" when no point has
     * either (a result read from sfssum).
     */
    static String throughputAndCpu(ResultDocument d) {
        StringBuilder b = new StringBuilder();
        String row = "%5s %12s %11s %7s %7s %7s %5s %8s %8s%n";
        for (LoadPointXml p : d.loadPoints) {
            if (p.throughputMBps == null && p.cpu == null) {
                continue;
            }
            if (b.length() == 0) {
                b.append("MB/s and client CPU over RUN (MB = 10^6 bytes; host CPU in % of all its CPUs;\n"
                        + "worker = the clients' worker processes, % of one CPU and CPU us per op)\n");
                b.append(String.format(Locale.ROOT, row, "point", "ops/s", "MB/s", "busy%", "user%", "sys%", "CPUs",
                        "worker%", "us/op"));
            }
            boolean c = p.cpu != null;
            b.append(String.format(Locale.ROOT, row, p.index, p.achievedOpsPerSec.toPlainString(),
                    p.throughputMBps == null ? "-" : p.throughputMBps.toPlainString(),
                    c ? one(p.cpu.hostBusyPercent) : "-", c ? one(p.cpu.hostUserPercent) : "-",
                    c ? one(p.cpu.hostSystemPercent) : "-", c ? Integer.toString(p.cpu.hostCpus) : "-",
                    c ? one(p.cpu.processPercent) : "-", c ? one(p.cpu.processUsecPerOp) : "-"));
        }
        return b.length() == 0 ? "" : b.append('\n').toString();
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
                p.biodMaxWrites, p.biodMaxReads, p.version);
    }
}
