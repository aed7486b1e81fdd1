package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.CpuXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;

/**
 * A real two-client POSIX run from the command line: two agent processes (CLIENTS lists this
 * machine twice), one worker each, three load points. The sfssum rows are recomputed from the
 * client logs alone.
 */
class PosixRunIT {

    static Path writeRc(Path dir, String clients, int procs, String loads, int warmup, int runtime, String extra)
            throws IOException {
        int nClients = clients.split("\\s+").length;
        StringBuilder mnt = new StringBuilder();
        for (int i = 0; i < procs * nClients; i++) {
            Path m = dir.resolve("mnt" + i);
            Files.createDirectories(m);
            mnt.append(i == 0 ? "" : " ").append(m);
        }
        return TestRc.write(dir, "posix", clients, procs, mnt.toString(), loads, warmup, runtime, extra);
    }

    @Test
    void twoClientsThreeLoadPoints(@TempDir Path dir) throws Exception {
        Path rc = writeRc(dir, "localhost localhost", 2, "20 40 60", 2, 8, "");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "e2e", "-d",
                results.toString());
        int status = run.waitFor(240);
        String out = run.output();
        assertEquals(0, status, out);
        for (String f : new String[] {"sfssum.e2e", "sfslog.e2e", "sfsres.e2e", "sfsc0001.e2e", "sfsc0002.e2e"}) {
            assertTrue(Files.isRegularFile(results.resolve(f)), f + " missing; output:\n" + out);
        }
        List<String> rows = Files.readAllLines(results.resolve("sfssum.e2e"));
        assertEquals(3, rows.size(), String.join("\n", rows));

        // recompute every row from the two client logs
        List<long[]> perPoint = new ArrayList<>(); // ops, latency sum us, max elapsed us, fileset bytes, after end
        for (int i = 0; i < 3; i++) {
            perPoint.add(new long[5]);
        }
        Pattern p = Pattern.compile("RESULT point=(\\d+) worker=\\d+ procs=\\d+ ops=(\\d+) errors=(\\d+) "
                + "latency_sum_us=(\\d+) elapsed_us=(\\d+) fileset_bytes=(\\d+) .* after_end=(\\d+)");
        for (String log : new String[] {"sfsc0001.e2e", "sfsc0002.e2e"}) {
            Matcher m = p.matcher(Files.readString(results.resolve(log)));
            int found = 0;
            while (m.find()) {
                long[] acc = perPoint.get(Integer.parseInt(m.group(1)) - 1);
                acc[0] += Long.parseLong(m.group(2));
                assertEquals(0, Long.parseLong(m.group(3)), "errors in " + log);
                acc[1] += Long.parseLong(m.group(4));
                acc[2] = Math.max(acc[2], Long.parseLong(m.group(5)));
                acc[3] += Long.parseLong(m.group(6));
                acc[4] += Long.parseLong(m.group(7));
                found++;
            }
            assertEquals(3, found, "one RESULT line per load point in " + log);
        }
        int[] requested = {20, 40, 60};
        for (int i = 0; i < 3; i++) {
            String[] col = rows.get(i).trim().split("\\s+");
            long[] acc = perPoint.get(i);
            double seconds = acc[2] / 1e6;
            assertEquals(requested[i], Long.parseLong(col[0]), "requested, row " + (i + 1));
            assertEquals(Math.round((acc[0] - acc[4]) / seconds), Long.parseLong(col[1]), "achieved ops/s, row " + (i + 1));
            assertEquals(String.format(java.util.Locale.ROOT, "%.1f", acc[1] / 1000.0 / acc[0]), col[2],
                    "msec/op, row " + (i + 1));
            assertEquals(acc[0], Long.parseLong(col[3]), "total ops, row " + (i + 1));
            assertEquals(Math.round(seconds), Long.parseLong(col[4]), "seconds, row " + (i + 1));
            assertEquals("POSIX", col[5]);
            assertEquals(acc[3] / 1024, Long.parseLong(col[8]), "file set KB, row " + (i + 1));
            assertEquals("2", col[9], "load generators");
            assertEquals("2", col[10], "procs per generator");
            // paced open loop on a local disk: achieved within 2 % of requested, plus the schedule's
            // granularity in a short run (each of the 4 procs may complete one op fewer)
            double achieved = acc[0] / seconds;
            assertTrue(Math.abs(achieved - requested[i]) <= 0.02 * requested[i] + 4 / seconds,
                    "achieved " + achieved + " vs requested " + requested[i]);
        }
        cpuAndMegabytesMatchTheClientLogs(results, perPoint);
        assertTrue(Sfs.leftovers(dir.toString()).isEmpty(), "agent or worker processes left behind");
    }

    /**
     * MB/s and client CPU in the published result (valid against the XSD) are what the client logs'
     * RESULT lines give, and are plausible: CPU busy within 0..100 % of the host, the worker's CPU
     * within 0..100 % x CPUs and above 0, MB/s = bytes / seconds; a point's host busy and CPU per op
     * are its clients' together (busy ticks / ticks, worker CPU / ops).
     */
    private static void cpuAndMegabytesMatchTheClientLogs(Path results, List<long[]> perPoint) throws Exception {
        Path xml = results.resolve("sfsresult.e2e.xml");
        XmlLint.validate(xml, Sfs.home().resolve("docs/sfsresult.xsd"));
        ResultDocument d = ResultXml.read(xml);
        Pattern p = Pattern.compile("RESULT point=(\\d+) worker=\\d+ procs=\\d+ ops=(\\d+) .* bytes=(\\d+) "
                + "cpu_window_us=(\\d+) host_ticks=(\\d+) host_user_ticks=(\\d+) host_system_ticks=(\\d+) "
                + "host_cpus=(\\d+) worker_cpu_us=(\\d+)");
        long[] bytes = new long[3];
        long[][] sums = new long[3][4]; // per point: worker CPU us, ops, busy ticks, ticks
        for (int c = 0; c < 2; c++) {
            Matcher m = p.matcher(Files.readString(results.resolve(String.format("sfsc%04d.e2e", c + 1))));
            int found = 0;
            while (m.find()) {
                int point = Integer.parseInt(m.group(1)) - 1;
                long ops = Long.parseLong(m.group(2));
                bytes[point] += Long.parseLong(m.group(3));
                long window = Long.parseLong(m.group(4));
                long ticks = Long.parseLong(m.group(5));
                long busy = Long.parseLong(m.group(6)) + Long.parseLong(m.group(7));
                long cpus = Long.parseLong(m.group(8));
                long workerUs = Long.parseLong(m.group(9));
                String where = "client " + (c + 1) + ", point " + (point + 1);
                long[] sum = sums[point];
                sum[0] += workerUs;
                sum[1] += ops;
                sum[2] += busy;
                sum[3] += ticks;
                // from RUN's start to its last op's end: the last op intended before the end may end early
                assertTrue(window >= 7_000_000 && window < 12_000_000, "CPU window of an 8 s RUN: " + window + " us, " + where);
                assertTrue(ticks > 0 && busy > 0 && busy <= ticks, busy + " busy of " + ticks + " ticks, " + where);
                assertTrue(workerUs > 0 && workerUs <= window * cpus, "worker CPU " + workerUs + " us, " + where);
                CpuXml x = d.loadPoints.get(point).clientThroughput.get(c).cpu;
                assertEquals(fixed(100.0 * busy / ticks), x.hostBusyPercent, where);
                assertEquals(cpus, x.hostCpus, where);
                assertEquals(fixed(100.0 * workerUs / window), x.processPercent, where);
                assertEquals(fixed((double) workerUs / ops), x.processUsecPerOp, where);
                assertTrue(x.processPercent.doubleValue() > 0 && x.processPercent.doubleValue() <= 100.0 * cpus, where);
                found++;
            }
            assertEquals(3, found, "CPU figures in every RESULT line of client " + (c + 1));
        }
        for (int i = 0; i < 3; i++) {
            LoadPointXml x = d.loadPoints.get(i);
            double seconds = perPoint.get(i)[2] / 1e6;
            assertTrue(bytes[i] > 0, "the SFS mix reads and writes");
            assertEquals(new BigDecimal(String.format(Locale.ROOT, "%.3f", bytes[i] / seconds / 1e6)), x.throughputMBps,
                    "MB/s of point " + (i + 1));
            long[] sum = sums[i];
            assertEquals(fixed(100.0 * sum[2] / sum[3]), x.cpu.hostBusyPercent, "host busy of point " + (i + 1));
            assertEquals(fixed((double) sum[0] / sum[1]), x.cpu.processUsecPerOp, "CPU per op of point " + (i + 1));
        }
        String res = Files.readString(results.resolve("sfsres.e2e"));
        assertTrue(res.contains("  Client CPU over RUN: host busy "), res);
    }

    private static BigDecimal fixed(double v) {
        return new BigDecimal(String.format(Locale.ROOT, "%.2f", v));
    }

    @Test
    void primeMonitorRunsDuringEachRunPhaseAndDebugGoesToTheClientLog(@TempDir Path dir) throws Exception {
        Path mon = dir.resolve("mon.sh");
        Files.writeString(mon, String.join("\n",
                "#!/bin/sh",
                "echo \"start $SFS_LOAD_POINT $*\"",
                "trap 'echo \"stop $SFS_LOAD_POINT\"; exit 0' TERM",
                "while :; do sleep 0.1; done",
                ""));
        mon.toFile().setExecutable(true);
        Path rc = writeRc(dir, "localhost", 1, "10 20", 1, 3,
                "PRIME_MON_SCRIPT=" + mon + "\nPRIME_MON_ARGS=\"-x 1\"\nDEBUG=\"4,6-7\"");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "mon", "-d",
                results.toString());
        assertEquals(0, run.waitFor(180), run.output());
        List<String> monitor = Files.readAllLines(results.resolve("sfsmon.mon"));
        assertEquals(List.of("start 1 -x 1", "stop 1", "start 2 -x 1", "stop 2"), monitor);
        String clientLog = Files.readString(results.resolve("sfsc0001.mon"));
        assertTrue(clientLog.contains("engine debug log"), "DEBUG output collected into the client log:\n" + clientLog);
        String res = Files.readString(results.resolve("sfsres.mon"));
        assertTrue(res.contains("DEBUG"), "DEBUG makes the run non-disclosable, stated in sfsres");
    }
}
