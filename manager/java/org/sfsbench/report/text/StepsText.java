package org.sfsbench.report.text;

import java.math.RoundingMode;
import java.util.Locale;

import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;

/** The steps of a LOAD=max run as a table: procs, ops/s, MB/s, latency, client CPU, errors, the knee. */
final class StepsText {
    private StepsText() {
    }

    /** "" when the result has no steps. */
    static String of(ResultDocument d) {
        StringBuilder b = new StringBuilder();
        for (LoadPointXml p : d.loadPoints) {
            if (p.step == null) {
                continue;
            }
            if (b.length() == 0) {
                b.append("Steps (LOAD=max; docs/top-speed.md)\n");
                b.append(String.format(Locale.ROOT, "%4s %-9s %6s %12s %10s %9s %9s %9s %6s %8s%n", "step", "kind",
                        "procs", "ops/s", "MB/s", "mean ms", "p50 ms", "p99 ms", "cpu%", "errors"));
            }
            String kind = p.step.kind + (p.step.curvePct != null ? " " + p.step.curvePct + "%" : "");
            boolean l = p.latency != null;
            b.append(String.format(Locale.ROOT, "%4d %-9s %6d %12s %10s %9s %9s %9s %6s %8d%s%n", p.index, kind,
                    p.step.procsPerClient, p.achievedOpsPerSec.toPlainString(),
                    p.throughputMBps == null ? "-" : p.throughputMBps.toPlainString(), p.msecPerOp.toPlainString(),
                    l ? p.latency.p50Msec.toPlainString() : "-", l ? p.latency.p99Msec.toPlainString() : "-",
                    p.cpu == null ? "-" : p.cpu.hostBusyPercent.setScale(1, RoundingMode.HALF_UP).toPlainString(),
                    p.failedOps, p.step.knee ? "  <- knee" : ""));
        }
        return b.length() == 0 ? "" : b.append("(cpu% = client host CPU busy, percent of all its CPUs)\n\n").toString();
    }
}
