package org.sfsbench.live;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.sfsbench.engine.Phase;
import org.sfsbench.stats.CpuTimes;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/**
 * Everything the live page, /metrics and the live file show, built from the manager's polls: one
 * row per second, each client's last second, counters that only grow across phases and points
 * (the engine's restart at every phase), the finished points and, at the end, the headline.
 * Thread-safe: the manager's thread writes, the HTTP threads read snapshots.
 */
public final class LiveState implements LiveListener {
    /** Upper bounds (seconds) of the response-time histogram's buckets; +Inf follows. */
    static final double[] BUCKETS_SECONDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
        0.25, 0.5, 1, 2.5, 5, 10};
    /** Rows kept: two hours of seconds (a longer run shows its last two hours). */
    static final int MAX_ROWS = 7200;

    /** One second of the run. NaN where not known. */
    public record Row(long timeMs, int point, String phase, double achieved, double requested, double p50Ms,
            double p99Ms, double p999Ms, double mbPerSec, long errors, long behindProcs) {
    }

    /** One client's last second. */
    public record ClientNow(int number, String name, double opsPerSec, long behindProcs, double cpuBusyPercent,
            long ops, long bytes) {
    }

    /** Server rates of one second; NaN where not known. */
    public record ServerRow(long timeMs, double cpuBusyPercent, double netRxMBps, double netTxMBps, double diskMBps,
            double diskIops) {
    }

    private final OpNames names = OpNames.canonical();
    private final Consumer<String> lines;
    private final Deque<Row> rows = new ArrayDeque<>();
    private final Deque<ServerRow> serverRows = new ArrayDeque<>();
    private final List<FinishedPoint> finished = new ArrayList<>();
    private final Map<String, long[]> opTotals = new TreeMap<>();
    private final long[] bucketTotals = new long[BUCKETS_SECONDS.length + 1];
    private final LiveOutages outages = new LiveOutages();
    private double latencySumSeconds;
    private List<ClientNow> clientsNow = List.of();
    private long[] clientOps = new long[0];
    private long[] clientBytes = new long[0];
    private EngineSample[] lastSamples = new EngineSample[0];
    private int lastPoint;
    private long lastTickMs;
    private LiveTick lastTick;
    private ServerSecond lastServer;
    private ServerSecond firstServer;
    private String headline;
    private boolean complete;

    /** @param lines receives each sample as a JSON line (the live file); may be null */
    public LiveState(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public void tick(LiveTick t) {
        Row row;
        synchronized (this) {
            row = add(t);
        }
        if (lines != null && row != null) {
            lines.accept(LiveJson.tickLine(t, row, snapshot().clients()));
        }
    }

    private Row add(LiveTick t) {
        int n = t.samples().size();
        if (lastSamples.length != n) {
            lastSamples = new EngineSample[n];
            clientOps = java.util.Arrays.copyOf(clientOps, n);
            clientBytes = java.util.Arrays.copyOf(clientBytes, n);
        }
        if (t.point() != lastPoint) {
            java.util.Arrays.fill(lastSamples, null);
            lastPoint = t.point();
        }
        double seconds = lastTickMs > 0 && lastTick != null && lastTick.point() == t.point()
                && lastTick.phase().equals(t.phase()) ? (t.timeMs() - lastTickMs) / 1000.0 : Double.NaN;
        List<ClientNow> now = new ArrayList<>();
        List<EngineSample> deltas = new ArrayList<>();
        long behind = 0;
        for (int i = 0; i < n; i++) {
            EngineSample s = t.samples().get(i);
            if (s == null) {
                continue;
            }
            EngineSample prev = lastSamples[i];
            boolean continues = prev != null && prev.phase() == s.phase() && s.totalOps() >= prev.totalOps();
            EngineSample d = continues ? s.minus(prev) : s;
            lastSamples[i] = s;
            count(d);
            long ops = d.totalOps();
            long bytes = d.total().bytes();
            clientOps[i] += ops;
            clientBytes[i] += bytes;
            deltas.add(d);
            behind += s.behind();
            CpuTimes cpu = d.cpu();
            now.add(new ClientNow(i + 1, t.clients().get(i), continues && seconds > 0 ? ops / seconds : Double.NaN,
                    s.behind(), cpu.measured() ? cpu.hostBusyPercent() : Double.NaN, clientOps[i], clientBytes[i]));
        }
        clientsNow = List.copyOf(now);
        // every client's RUN sample: a client still reporting WARMUP at the switch cannot be merged with them
        if (deltas.size() == n && n > 0 && java.util.Arrays.stream(lastSamples).allMatch(x -> x.phase() == Phase.RUN)) {
            outages.run(t.point(), t.timeMs(), EngineSample.merge(java.util.Arrays.asList(lastSamples)));
        }
        lastTickMs = t.timeMs();
        lastTick = t;
        if (deltas.isEmpty()) {
            return null;
        }
        OpCounters all = EngineSample.merge(deltas).total();
        boolean rated = seconds > 0 && deltas.size() == n && !"INIT".equals(t.phase());
        Row r = new Row(t.timeMs(), t.point(), t.phase(), rated ? all.ops() / seconds : Double.NaN,
                t.requestedOpsPerSec(), rated ? percentileMs(all, 50) : Double.NaN,
                rated ? percentileMs(all, 99) : Double.NaN, rated ? percentileMs(all, 99.9) : Double.NaN,
                rated ? all.bytes() / seconds / 1e6 : Double.NaN, all.errors(), behind);
        rows.addLast(r);
        while (rows.size() > MAX_ROWS) {
            rows.removeFirst();
        }
        return r;
    }

    private static double percentileMs(OpCounters c, double p) {
        return c.ops() > 0 ? c.percentileUs(p) / 1000.0 : Double.NaN;
    }

    /** Adds one sample's growth to the counters that /metrics shows. */
    private void count(EngineSample d) {
        for (OpCounters c : d.opCounters()) {
            long[] tot = opTotals.computeIfAbsent(names.name(c.opId()), k -> new long[3]);
            tot[0] += c.ops();
            tot[1] += c.bytes();
            tot[2] += c.errors();
            LatencyHistogram h = c.histogram();
            for (int b = h.firstBucket(); b < h.endBucket(); b++) {
                long count = h.bucket(b);
                if (count > 0) {
                    bucketTotals[bucketIndex(LatencyHistogram.lowerBound(b) + LatencyHistogram.width(b) - 1)] += count;
                }
            }
            latencySumSeconds += c.latencySumUs() / 1e6;
        }
    }

    /** The first histogram bucket whose bound holds a value of {@code micros}. */
    static int bucketIndex(long micros) {
        for (int i = 0; i < BUCKETS_SECONDS.length; i++) {
            if (micros <= BUCKETS_SECONDS[i] * 1e6) {
                return i;
            }
        }
        return BUCKETS_SECONDS.length;
    }

    @Override
    public void pointFinished(FinishedPoint p) {
        synchronized (this) {
            finished.add(p);
        }
        if (lines != null) {
            lines.accept(LiveJson.pointLine(p));
        }
    }

    @Override
    public void server(ServerSecond s) {
        synchronized (this) {
            ServerSecond prev = lastServer;
            if (s.missing() == null) {
                if (firstServer == null) {
                    firstServer = s;
                }
                double dt = prev == null || prev.missing() != null ? Double.NaN : (s.timeMs() - prev.timeMs()) / 1000.0;
                serverRows.addLast(new ServerRow(s.timeMs(), s.cpuBusyPercent(),
                        dt > 0 ? (s.netRxBytes() - prev.netRxBytes()) / dt / 1e6 : Double.NaN,
                        dt > 0 ? (s.netTxBytes() - prev.netTxBytes()) / dt / 1e6 : Double.NaN,
                        dt > 0 ? (s.diskReadBytes() + s.diskWriteBytes() - prev.diskReadBytes() - prev.diskWriteBytes())
                                / dt / 1e6 : Double.NaN,
                        dt > 0 ? (s.diskReads() + s.diskWrites() - prev.diskReads() - prev.diskWrites()) / dt
                                : Double.NaN));
                while (serverRows.size() > MAX_ROWS) {
                    serverRows.removeFirst();
                }
            }
            lastServer = s.missing() == null || prev == null ? s
                    : new ServerSecond(s.timeMs(), Double.NaN, prev.netRxBytes(), prev.netTxBytes(),
                            prev.diskReadBytes(), prev.diskWriteBytes(), prev.diskReads(), prev.diskWrites(),
                            s.missing());
        }
        if (lines != null) {
            lines.accept(LiveJson.serverLine(s));
        }
    }

    @Override
    public void runFinished(String text, boolean whole) {
        synchronized (this) {
            headline = text;
            complete = whole;
        }
        if (lines != null) {
            lines.accept(LiveJson.endLine(text, whole));
        }
    }

    /** A consistent copy of everything shown. */
    public synchronized Snapshot snapshot() {
        Map<String, long[]> ops = new TreeMap<>();
        opTotals.forEach((k, v) -> ops.put(k, v.clone()));
        return new Snapshot(lastTick, List.copyOf(rows), List.copyOf(serverRows), clientsNow, List.copyOf(finished),
                ops, bucketTotals.clone(), latencySumSeconds, lastServer, outages.marks(), headline, complete);
    }

    /**
     * What one page load or scrape shows.
     *
     * @param tick the last poll, null before the first
     * @param opTotals per op name: ops, bytes, errors since the run began
     * @param buckets response-time counts per {@link #BUCKETS_SECONDS} bound, then +Inf (not cumulative)
     * @param server the last server sample (cumulative counters), null without SERVER_MON
     * @param outages every outage the polls have shown (OUTAGE=ride), in run order
     * @param headline null until the run is over
     */
    public record Snapshot(LiveTick tick, List<Row> rows, List<ServerRow> serverRows, List<ClientNow> clients,
            List<FinishedPoint> finished, Map<String, long[]> opTotals, long[] buckets, double latencySumSeconds,
            ServerSecond server, List<LiveOutages.Mark> outages, String headline, boolean complete) {
    }
}
