package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;

/**
 * The live figures from polls: counters keep growing when the engine restarts its own at a new
 * phase or point, rates are over the last poll, the histogram is cumulative, and the metrics text
 * carries each counter's poll time.
 */
class LiveStateTest {
    private static final int READ = OpNames.canonical().id("read");

    private static EngineSample sample(Phase phase, long ops, long latencyUs) {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < ops; i++) {
            h.add(latencyUs);
        }
        OpCounters c = new OpCounters(READ, ops, 0, ops * 4096, ops * latencyUs, latencyUs, latencyUs, ops * latencyUs,
                0, ops, 0, h);
        return new EngineSample(phase, 0, 0, 0, 0, 1, 0, List.of(c), List.of());
    }

    private static LiveTick tick(long ms, int point, String phase, EngineSample s) {
        return new LiveTick(ms, point, 2, phase, 5, 100, 30, List.of("alpha"), new ArrayList<>(List.of(s)), "");
    }

    @Test
    void countersGrowAcrossPhasesAndPoints() {
        List<String> lines = new ArrayList<>();
        LiveState st = new LiveState(lines::add);
        st.tick(tick(1_000, 1, "WARMUP", sample(Phase.WARMUP, 50, 300)));
        st.tick(tick(2_000, 1, "WARMUP", sample(Phase.WARMUP, 150, 300)));
        // RUN restarts the engine's counters: 40 more, not 40 - 150
        st.tick(tick(3_000, 1, "RUN", sample(Phase.RUN, 40, 3000)));
        st.tick(tick(4_000, 1, "RUN", sample(Phase.RUN, 140, 3000)));
        st.tick(tick(5_000, 2, "RUN", sample(Phase.RUN, 10, 3000)));
        LiveState.Snapshot s = st.snapshot();
        assertEquals(150 + 140 + 10, s.opTotals().get("read")[0]);
        assertEquals(300L * 4096, s.opTotals().get("read")[1]);
        assertEquals(300, s.clients().get(0).ops());
        LiveState.Row r = s.rows().get(3);
        assertEquals(100.0, r.achieved(), 1e-9, "100 ops in the last second");
        assertEquals(3.0, r.p99Ms(), 0.2);
        assertEquals(5, lines.size(), "a live-file line per poll");
        String text = MetricsText.render(s, false);
        assertTrue(text.contains("sfs_ops_total{op=\"read\"} 300 5000\n"), text);
        assertTrue(text.contains("sfs_response_time_seconds_bucket{le=\"0.00025\"} 0 5000\n")
                && text.contains("sfs_response_time_seconds_bucket{le=\"0.0005\"} 150 5000\n")
                && text.contains("sfs_response_time_seconds_bucket{le=\"+Inf\"} 300 5000\n"), text);
        assertTrue(text.contains("sfs_client_ops_total{client=\"1\",host=\"alpha\"} 300 5000\n"), text);
        assertTrue(text.contains("sfs_phase{phase=\"RUN\"} 1\n") && text.contains("sfs_load_point 2\n"), text);
        String om = MetricsText.render(s, true);
        assertTrue(om.contains("# TYPE sfs_ops counter\nsfs_ops_total{op=\"read\"} 300 5.000\n") && om.endsWith("# EOF\n"),
                om);
    }

    @Test
    void finishedRunShowsTheHeadline() {
        LiveState st = new LiveState(null);
        st.tick(tick(1_000, 1, "RUN", sample(Phase.RUN, 5, 100)));
        st.pointFinished(new LiveListener.FinishedPoint(1, 100, 99.5, 0.4, 1.2));
        st.runFinished("NFS3 100 ops/sec (Overall Response Time = 0.40 msec)", true);
        String data = LiveJson.page(st.snapshot(), 0, 0);
        assertTrue(data.contains("\"headline\":\"NFS3 100 ops/sec (Overall Response Time = 0.40 msec)\"")
                && data.contains("\"finished\":[{\"point\":1,"), data);
        assertTrue(MetricsText.render(st.snapshot(), false).contains("sfs_phase{phase=\"DONE\"} 1\n"));
    }

    @Test
    void addressesAreLoopbackUnlessGiven() {
        assertTrue(LiveAddress.parse("8080").loopback());
        assertEquals(8080, LiveAddress.parse("8080").socket().getPort());
        assertTrue(!LiveAddress.parse("0.0.0.0:0").loopback());
        assertTrue(LiveAddress.parse("[::1]:9000").loopback());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveAddress.parse("80x"));
        assertTrue(e.getMessage().contains("80x"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LiveAddress.parse("70000"));
    }
}
