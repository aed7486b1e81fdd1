package org.sfsbench.live;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The /metrics page: OpenMetrics 1.0 text for Prometheus (which asks for it), or the Prometheus
 * text format 0.0.4 for anything else (promtool, curl). The two differ only in a counter's TYPE
 * name and the closing {@code # EOF}. Labels stay bounded: op names (the engine's catalog),
 * clients (the rc file's), phases, network and disk totals.
 */
final class MetricsText {
    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";
    private static final List<String> PHASES = List.of("INIT", "WARMUP", "RUN", "DONE");

    private final StringBuilder b = new StringBuilder();
    private final boolean openMetrics;
    /** " TIMESTAMP" of the poll the client counters come from, or "" before the first. */
    private String at = "";

    private MetricsText(boolean openMetrics) {
        this.openMetrics = openMetrics;
    }

    static String render(LiveState.Snapshot s, boolean openMetrics) {
        MetricsText m = new MetricsText(openMetrics);
        m.write(s);
        return m.b.toString();
    }

    private void write(LiveState.Snapshot s) {
        // the counters were measured at the poll, not at the scrape: saying when keeps rate() exact
        if (s.tick() != null) {
            long ms = s.tick().timeMs();
            at = openMetrics ? String.format(Locale.ROOT, " %d.%03d", ms / 1000, ms % 1000) : " " + ms;
        }
        counter("sfs_ops", "Ops completed, by op type (all phases).");
        s.opTotals().forEach((op, v) -> counterSample("sfs_ops_total", op, v[0]));
        counter("sfs_payload_bytes", "Bytes read or written by ops, by op type.");
        s.opTotals().forEach((op, v) -> counterSample("sfs_payload_bytes_total", op, v[1]));
        counter("sfs_op_errors", "Ops that failed, by op type.");
        s.opTotals().forEach((op, v) -> counterSample("sfs_op_errors_total", op, v[2]));
        counter("sfs_client_ops", "Ops completed, by client.");
        for (LiveState.ClientNow c : s.clients()) {
            sample2("sfs_client_ops_total", c, c.ops(), at);
        }
        counter("sfs_client_payload_bytes", "Bytes read or written, by client.");
        for (LiveState.ClientNow c : s.clients()) {
            sample2("sfs_client_payload_bytes_total", c, c.bytes(), at);
        }
        histogram(s);
        type("sfs_client_cpu_busy_ratio", "gauge", "Client host CPU busy over the last poll, 0..1 of all its CPUs.");
        for (LiveState.ClientNow c : s.clients()) {
            if (!Double.isNaN(c.cpuBusyPercent())) {
                sample2("sfs_client_cpu_busy_ratio", c, c.cpuBusyPercent() / 100, "");
            }
        }
        type("sfs_client_behind_procs", "gauge", "Procs of a client behind their schedule.");
        for (LiveState.ClientNow c : s.clients()) {
            sample2("sfs_client_behind_procs", c, c.behindProcs(), "");
        }
        LiveTick t = s.tick();
        String phase = s.headline() != null ? "DONE" : t == null ? "" : t.phase();
        type("sfs_phase", "gauge", "1 for the phase the run is in.");
        for (String p : PHASES) {
            sample("sfs_phase", "phase", p, p.equals(phase) ? 1 : 0);
        }
        type("sfs_load_point", "gauge", "The load point or step running (1-based; 0 before the first).");
        b.append("sfs_load_point ").append(t == null ? 0 : t.point()).append('\n');
        type("sfs_load_points", "gauge", "Load points of the run (0 for LOAD=max, whose steps are not known ahead).");
        b.append("sfs_load_points ").append(t == null ? 0 : t.points()).append('\n');
        type("sfs_requested_ops_per_second", "gauge", "The requested rate of the running point (0: unpaced).");
        b.append("sfs_requested_ops_per_second ").append(num(t == null ? 0 : t.requestedOpsPerSec())).append('\n');
        if (t != null && !Double.isNaN(t.runSecondsLeft())) {
            type("sfs_run_remaining_seconds", "gauge", "Estimated seconds until the whole run ends.");
            b.append("sfs_run_remaining_seconds ").append(num(t.runSecondsLeft())).append('\n');
        }
        boolean active = !s.outages().isEmpty() && s.outages().get(s.outages().size() - 1).lasting();
        type("sfs_outage_active", "gauge", "1 while the server is in an outage the run rides through (OUTAGE=ride).");
        b.append("sfs_outage_active ").append(active ? 1 : 0).append('\n');
        counter("sfs_outages", "Outages ridden through since the run began.");
        b.append("sfs_outages_total ").append(s.outages().size()).append('\n');
        server(s.server());
        if (openMetrics) {
            b.append("# EOF\n");
        }
    }

    private void histogram(LiveState.Snapshot s) {
        type("sfs_response_time_seconds", "histogram", "Response time from each op's intended start.");
        long cumulative = 0;
        long[] counts = s.buckets();
        for (int i = 0; i < counts.length; i++) {
            cumulative += counts[i];
            String le = i < LiveState.BUCKETS_SECONDS.length ? num(LiveState.BUCKETS_SECONDS[i]) : "+Inf";
            b.append("sfs_response_time_seconds_bucket{le=\"").append(le).append("\"} ").append(cumulative).append(at)
                    .append('\n');
        }
        b.append("sfs_response_time_seconds_count ").append(cumulative).append(at).append('\n');
        b.append("sfs_response_time_seconds_sum ").append(num(s.latencySumSeconds())).append(at).append('\n');
    }

    private void server(LiveListener.ServerSecond s) {
        if (s == null) {
            return;
        }
        type("sfs_server_up", "gauge", "1 while the server monitor (SERVER_MON) delivers samples.");
        b.append("sfs_server_up ").append(s.missing() == null ? 1 : 0).append('\n');
        if (!Double.isNaN(s.cpuBusyPercent())) {
            type("sfs_server_cpu_busy_ratio", "gauge", "Server CPU busy over the last second, 0..1 of all its CPUs.");
            b.append("sfs_server_cpu_busy_ratio ").append(num(s.cpuBusyPercent() / 100)).append('\n');
        }
        Map<String, Long> counters = new java.util.LinkedHashMap<>();
        counters.put("sfs_server_network_receive_bytes", s.netRxBytes());
        counters.put("sfs_server_network_transmit_bytes", s.netTxBytes());
        counters.put("sfs_server_disk_read_bytes", s.diskReadBytes());
        counters.put("sfs_server_disk_written_bytes", s.diskWriteBytes());
        counters.put("sfs_server_disk_reads_completed", s.diskReads());
        counters.put("sfs_server_disk_writes_completed", s.diskWrites());
        counters.forEach((name, v) -> {
            counter(name, "The server's " + name.substring("sfs_server_".length()).replace('_', ' ')
                    + " (its /proc counters).");
            b.append(name).append("_total ").append(v).append('\n');
        });
    }

    private void counter(String family, String help) {
        type(openMetrics ? family : family + "_total", "counter", help);
    }

    private void type(String name, String type, String help) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private void sample(String name, String label, String value, double v) {
        b.append(name).append('{').append(label).append("=\"").append(escape(value)).append("\"} ").append(num(v))
                .append('\n');
    }

    private void counterSample(String name, String op, double v) {
        b.append(name).append("{op=\"").append(escape(op)).append("\"} ").append(num(v)).append(at).append('\n');
    }

    private void sample2(String name, LiveState.ClientNow c, double v, String time) {
        b.append(name).append("{client=\"").append(c.number()).append("\",host=\"").append(escape(c.name()))
                .append("\"} ").append(num(v)).append(time).append('\n');
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.9g", v).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2").replaceAll("\\.(e|$)", "$1");
    }
}
