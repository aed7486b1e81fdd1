package org.sfsbench.access;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.sfsbench.report.text.Reflow;
import org.sfsbench.report.text.TextTable;
import org.sfsbench.results.model.CpuResult;

/**
 * The results of an access-spec test as a text table (one row per step) and as a CSV in the
 * column layout of Iometer's results.csv, so spreadsheets made for Iometer read it
 * (docs/access-specs.md lists which columns are filled).
 */
public final class AccessReport {
    private AccessReport() {
    }

    /** Iometer's results.csv columns, in its order. */
    static final String IOMETER_HEADER = "'Target Type,Target Name,Access Specification Name,# Managers,# Workers,"
            + "# Disks,IOps,Read IOps,Write IOps,MiBps (Binary),Read MiBps (Binary),Write MiBps (Binary),"
            + "MBps (Decimal),Read MBps (Decimal),Write MBps (Decimal),Transactions per Second,"
            + "Connections per Second,Average Response Time,Average Read Response Time,"
            + "Average Write Response Time,Average Transaction Time,Average Connection Time,"
            + "Maximum Response Time,Maximum Read Response Time,Maximum Write Response Time,"
            + "Maximum Transaction Time,Maximum Connection Time,Errors,Read Errors,Write Errors,Bytes Read,"
            + "Bytes Written,Read I/Os,Write I/Os,Connections,Transactions per Connection,"
            + "Total Raw Read Response Time,Total Raw Write Response Time,Total Raw Transaction Time,"
            + "Total Raw Connection Time,Maximum Raw Read Response Time,Maximum Raw Write Response Time,"
            + "Maximum Raw Transaction Time,Maximum Raw Connection Time,Total Raw Run Time,Starting Sector,"
            + "Maximum Size,Queue Depth,% CPU Utilization,% User Time,% Privileged Time,% DPC Time,"
            + "% Interrupt Time,Processor Speed,Interrupts per Second,CPU Effectiveness,Packets/Second,"
            + "Packet Errors,Segments Retransmitted/Second";

    /** Columns sfsbench adds after Iometer's. */
    static final String EXTRA_HEADER = "50th Percentile Response Time,99th Percentile Response Time,"
            + "99.9th Percentile Response Time,Achieved Queue Depth";

    /**
     * Two tables of one row per step, each within 80 columns: the load (queue depth, workers,
     * IOPS with its read and write parts, client CPU), then throughput and response times.
     */
    public static String table(List<AccessStepResult> rows) {
        TextTable load = new TextTable("step", "spec", "QD", "wkr", "IOPS", "read", "write", "cpu%");
        TextTable times = new TextTable("step", "MiB/s", "MB/s", "avg ms", "max ms", "p50", "p99", "p99.9", "errors");
        for (AccessStepResult r : rows) {
            int i = r.step().index();
            load.row(i, r.step().spec().name(), r.step().outstandingIos(), r.workers(), f(1, r.iops()),
                    f(1, r.readIops()), f(1, r.writeIops()), r.cpu() == null ? null : f(1, r.cpu().hostBusyPercent()));
            times.row(i, f(2, r.mibps()), f(2, r.mbps()), f(3, r.meanMs()), f(3, r.maxMs()), f(3, r.p50Ms()),
                    f(3, r.p99Ms()), f(3, r.p999Ms()), r.errors());
        }
        return load.render(Reflow.WIDTH) + "\n" + times.render(Reflow.WIDTH)
                + Reflow.para(0, "(QD = outstanding I/Os per worker; wkr = workers in all; cpu% = client host CPU"
                + " busy, percent of all its CPUs; MiB = 2^20 bytes, MB = 10^6 bytes; response times in ms)",
                Reflow.WIDTH);
    }

    private static String f(int decimals, double v) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    public static String csv(AccessTest test, List<AccessStepResult> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("'sfsbench access-spec results,").append(csvText(test.source())).append('\n');
        for (AccessStepResult r : rows) {
            sb.append("'Results\n").append(IOMETER_HEADER).append(',').append(EXTRA_HEADER).append('\n');
            double rSec = r.seconds() > 0 ? r.seconds() : 1;
            String[] v = {
                "ALL", "All", csvText(r.step().spec().name()), String.valueOf(r.clients()), String.valueOf(r.workers()),
                String.valueOf(r.targets()), num(r.iops()), num(r.readIops()), num(r.writeIops()), num(r.mibps()),
                num(r.bytesRead() / rSec / (1 << 20)), num(r.bytesWritten() / rSec / (1 << 20)), num(r.mbps()),
                num(r.bytesRead() / rSec / 1e6), num(r.bytesWritten() / rSec / 1e6), num(r.iops()), "",
                num(r.meanMs()), num(r.meanReadMs()), num(r.meanWriteMs()), num(r.meanMs()), "", num(r.maxMs()),
                num(r.maxReadMs()), num(r.maxWriteMs()), num(r.maxMs()), "", String.valueOf(r.errors()),
                String.valueOf(r.readErrors()), String.valueOf(r.writeErrors()), String.valueOf(r.bytesRead()),
                String.valueOf(r.bytesWritten()), String.valueOf(r.readIos()), String.valueOf(r.writeIos()), "", "",
                "", "", "", "", "", "", "", "", num(r.seconds()), String.valueOf(test.startOffset() / 512),
                String.valueOf(test.regionBytes() / 512), String.valueOf(r.step().outstandingIos()),
                cpu(r, CpuResult::hostBusyPercent), cpu(r, CpuResult::hostUserPercent),
                cpu(r, CpuResult::hostSystemPercent), "", "", "", "", optional(r.cpuEffectiveness()), "", "", "",
                num(r.p50Ms()), num(r.p99Ms()), num(r.p999Ms()), num(r.achievedQueueDepth()) };
            sb.append(String.join(",", v)).append('\n');
        }
        return sb.toString();
    }

    public static void writeCsv(Path file, AccessTest test, List<AccessStepResult> rows) throws IOException {
        org.sfsbench.results.ResultFiles.write(file, csv(test, rows));
    }

    /** A CPU column: Linux has no DPC time, interrupts are in the system (privileged) time. */
    private static String cpu(AccessStepResult r, java.util.function.ToDoubleFunction<CpuResult> f) {
        return r.cpu() == null ? "" : num(f.applyAsDouble(r.cpu()));
    }

    private static String optional(double d) {
        return Double.isNaN(d) ? "" : num(d);
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.6f", d);
    }

    private static String csvText(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
