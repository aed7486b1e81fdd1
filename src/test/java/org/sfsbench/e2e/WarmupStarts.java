package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * When each client host really began a phase, from the wire alone: no client clock is read. One
 * capture on this host ({@code dumpcap -i any}) keeps every TCP segment with data that a client
 * host sends to the NFS server's port, timestamped by this host's kernel; the segments are split
 * by source address, one address per host.
 *
 * <p>After INIT every client is idle until WARMUP's instant (the manager logs "INIT done" only
 * once every worker has finished, and WARMUP starts at least 0.25 s later), so a host's WARMUP
 * began at its first call after that idle time. Its procs' schedules start at a random phase
 * within one interval, so that first call comes at most one schedule interval after the real
 * start, never before it.
 */
final class WarmupStarts implements AutoCloseable {
    /** A host's quiet time before its first WARMUP call: longer than a schedule interval, shorter than the lead. */
    static final double IDLE_SECONDS = 0.15;
    /** How much later than the manager's writing the test may see the "INIT done" line (seconds). */
    static final double SEEN_LATE = 0.05;

    private final Path pcap;
    private final Process dumpcap;

    private WarmupStarts(Path pcap, Process dumpcap) {
        this.pcap = pcap;
        this.dumpcap = dumpcap;
    }

    /** Starts capturing the calls to {@code serverPort} into {@code pcap}, and waits until dumpcap captures. */
    static WarmupStarts capture(Path pcap, int serverPort) throws IOException, InterruptedException {
        // TCP segments to the server with a payload (no bare ACKs), headers only
        String filter = "tcp dst port " + serverPort + " and (ip[2:2] - ((ip[0] & 0xf) << 2) - ((tcp[12] & 0xf0) >> 2)) > 0";
        Path out = pcap.resolveSibling(pcap.getFileName() + ".out");
        Process p = new ProcessBuilder("dumpcap", "-q", "-i", "any", "-s", "128", "-f", filter, "-w", pcap.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        WarmupStarts w = new WarmupStarts(pcap, p);
        long until = System.currentTimeMillis() + 20_000;
        while (!Files.readString(out, StandardCharsets.UTF_8).contains("File:")) {
            if (!p.isAlive() || System.currentTimeMillis() > until) {
                w.close();
                throw new IOException("dumpcap did not start capturing: " + Files.readString(out));
            }
            Thread.sleep(50);
        }
        return w;
    }

    /** Stops the capture and returns each source address's segment times (epoch seconds, this host's clock), in order. */
    Map<String, List<Double>> callTimes() throws IOException, InterruptedException {
        close();
        Process p = new ProcessBuilder("tshark", "-r", pcap.toString(), "-T", "fields", "-E", "separator=,", "-e",
                "frame.time_epoch", "-e", "ip.src").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tshark -r " + pcap);
        assertEquals(0, p.exitValue(), "tshark -r " + pcap + ":\n" + text);
        Map<String, List<Double>> times = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.strip().split(",");
            if (f.length == 2 && !f[0].isEmpty()) {
                times.computeIfAbsent(f[1], k -> new ArrayList<>()).add(Double.parseDouble(f[0]));
            }
        }
        times.values().forEach(l -> l.sort(null));
        return times;
    }

    /**
     * The start of WARMUP on a host whose calls are {@code times}, given {@code initDone}, a moment
     * (epoch seconds) at or a little after the manager logged that INIT was done: its first call
     * after at least {@link #IDLE_SECONDS} of quiet that comes at most {@link #SEEN_LATE} before
     * {@code initDone} (INIT's own first calls are at least 0.1 s older: the manager's first INIT
     * poll comes 0.1 s after INIT's start); else (a host that started at once, on a clock so far
     * ahead that the instant had passed) its first call after {@code initDone}. NaN when it made none.
     */
    static double start(List<Double> times, double initDone) {
        for (int i = 0; i < times.size(); i++) {
            double t = times.get(i);
            if (t >= initDone - SEEN_LATE && (i == 0 || t - times.get(i - 1) >= IDLE_SECONDS)) {
                return t;
            }
        }
        return times.stream().filter(t -> t > initDone).findFirst().orElse(Double.NaN);
    }

    /** {@link #start} of every host, by client number; {@code clients} maps a client number to its address. */
    static Map<Integer, Double> starts(Map<String, List<Double>> times, Map<Integer, String> clients, double initDone) {
        Map<Integer, Double> starts = new TreeMap<>();
        clients.forEach((n, ip) -> starts.put(n, start(times.getOrDefault(ip, List.of()), initDone)));
        return starts;
    }

    /** The median of {@code starts} without {@code except}: the moment the hosts on a true clock began. */
    static double reference(Map<Integer, Double> starts, List<Integer> except) {
        double[] s = starts.entrySet().stream().filter(e -> !except.contains(e.getKey()))
                .mapToDouble(Map.Entry::getValue).sorted().toArray();
        return s[s.length / 2];
    }

    @Override
    public void close() throws IOException {
        if (dumpcap.isAlive()) {
            dumpcap.destroy(); // SIGTERM: dumpcap writes out what it holds and exits
            try {
                if (!dumpcap.waitFor(10, TimeUnit.SECONDS)) {
                    dumpcap.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
