package org.sfsbench.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.OpCounters;
import org.sfsbench.stats.OpNames;
import org.sfsbench.stats.Outage;

/**
 * The live mark of an outage from polled samples: two clients at 500 ops/s each through a RUN
 * that starts at wall clock 100 s; client 1 sees the server gone from 8.0 s to 10.3 s, client 2
 * from 8.2 s to 10.5 s, no op completes between 8 s and 10 s, and the level is back in the second
 * to 11 s. While it lasts the page and /metrics say so; afterwards they give the merged outage
 * (8.0 s to 10.5 s: 2.5 s) and its recovery (11 s - 8 s = 3.0 s, as the report reckons it).
 */
class LiveOutageTest {
    private static final int READ = OpNames.canonical().id("read");
    static final long RUN_START_MS = 100_000;

    private static EngineSample sample(int second, long ops, Outage outage) {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < ops; i++) {
            h.add(1000);
        }
        OpCounters c = new OpCounters(READ, ops, 0, ops * 4096, ops * 1000, 1000, 1000, ops * 1000, 0, ops, 0, h);
        EngineSample s = new EngineSample(Phase.RUN, second * 1_000_000L, 0, 0, 0, 1, 0, List.of(c), List.of());
        return outage == null ? s : s.withOutages(List.of(outage), 0);
    }

    /** Cumulative ops of one client at {@code second}: 500 a second, none from 8 s to 10 s. */
    private static long ops(int second) {
        return 500L * (second <= 8 ? second : second <= 10 ? 8 : second - 2);
    }

    /** The poll at {@code second} into RUN (wall clock {@link #RUN_START_MS} + second). */
    static void poll(LiveState st, int second) {
        Outage one = second <= 8 ? null : new Outage(8_000_000, second <= 10 ? 0 : 10_300_000, 40, 0, 1, 0, 0);
        Outage two = second <= 8 ? null : new Outage(8_200_000, second <= 10 ? 0 : 10_500_000, 30, 0, 1, 0, 0);
        List<EngineSample> samples = new ArrayList<>(List.of(sample(second, ops(second), one),
                sample(second, ops(second), two)));
        st.tick(new LiveTick(RUN_START_MS + second * 1000L, 1, 1, "RUN", 20 - second, 1000, 20 - second,
                List.of("alpha", "beta"), samples, ""));
    }

    private static void assertGauges(LiveState.Snapshot s, int active, int total) {
        String text = MetricsText.render(s, false);
        assertTrue(text.contains("\nsfs_outage_active " + active + "\n"), text);
        assertTrue(text.contains("\nsfs_outages_total " + total + "\n"), text);
    }

    @Test
    void anOutageIsMarkedWhileItLastsAndWithItsFiguresAfter() {
        LiveState st = new LiveState(null);
        for (int s = 1; s <= 8; s++) {
            poll(st, s);
        }
        assertEquals(List.of(), st.snapshot().outages(), "none before it");
        assertGauges(st.snapshot(), 0, 0);

        poll(st, 9);
        poll(st, 10);
        LiveState.Snapshot during = st.snapshot();
        assertEquals(1, during.outages().size(), "one outage, the clients' merged");
        LiveOutages.Mark m = during.outages().get(0);
        assertTrue(m.lasting(), "it lasts");
        assertEquals(8.0, m.beginSeconds(), 1e-9, "from client 1's begin");
        assertEquals(RUN_START_MS + 8_000, m.beginMs(), "on the wall clock");
        assertGauges(during, 1, 1);
        assertTrue(MetricsText.render(during, true).contains("# TYPE sfs_outages counter\nsfs_outages_total 1\n"));
        assertTrue(LiveJson.page(during, 0, 0).contains("\"outages\":[{\"point\":1,\"beginMs\":108000,\"beginSeconds\":8.0}]"),
                LiveJson.page(during, 0, 0));

        for (int s = 11; s <= 14; s++) {
            poll(st, s);
        }
        LiveState.Snapshot after = st.snapshot();
        assertEquals(1, after.outages().size(), "still one");
        m = after.outages().get(0);
        assertEquals(RUN_START_MS + 10_500, m.endMs(), "to client 2's end");
        assertEquals(2.5, m.seconds(), 1e-9);
        assertEquals(3.0, m.recoverySeconds(), 1e-9, "back to 90 % of 1000 ops/s in the second to 11 s");
        assertGauges(after, 0, 1);
        assertTrue(LiveJson.page(after, 0, 0).contains("\"outages\":[{\"point\":1,\"beginMs\":108000,\"beginSeconds\":8.0,"
                + "\"endMs\":110500,\"seconds\":2.5,\"recoverySeconds\":3.0}]"), LiveJson.page(after, 0, 0));
    }

    @Test
    void theNextPointKeepsTheEarlierOutage() {
        LiveState st = new LiveState(null);
        for (int s = 1; s <= 12; s++) {
            poll(st, s);
        }
        st.tick(new LiveTick(RUN_START_MS + 30_000, 2, 2, "RUN", 10, 2000, 10, List.of("alpha", "beta"),
                new ArrayList<>(List.of(sample(1, 1000, null), sample(1, 1000, null))), ""));
        List<LiveOutages.Mark> marks = st.snapshot().outages();
        assertEquals(1, marks.size(), "point 1's outage stays shown");
        assertEquals(1, marks.get(0).point());
        assertGauges(st.snapshot(), 0, 1);
    }
}
