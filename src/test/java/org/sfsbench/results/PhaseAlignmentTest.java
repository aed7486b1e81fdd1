package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.ClientClock;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;

class PhaseAlignmentTest {

    private static LoadPointResult point(int index, ClientClock... clocks) {
        LoadPointResult.Builder b = LoadPointResult.builder();
        b.index = index;
        b.clients = new java.util.ArrayList<>();
        for (int i = 0; i < clocks.length; i++) {
            b.clients.add(new ClientThroughput("c" + (i + 1), i + 1, 100, Double.NaN, null, clocks[i]));
        }
        return b.build();
    }

    private static ClientClock clock(double offset, double unc, double warmupLag, double runLag) {
        return new ClientClock(offset, unc, warmupLag, runLag, 0, 2 * unc, 0);
    }

    @Test
    void clientsWithinToleranceAndUncertaintyPass() {
        // WARMUP: 24.9 against 1.2 is 23.7 ms apart, within 20 + 5 + 0.5
        RuleCheck c = PhaseAlignment.check(List.of(point(1, clock(3000, 0.5, 1.2, -0.4),
                clock(0, 5, 24.9, 3))));
        assertTrue(c.passed(), c.detail());
        assertEquals("phase-alignment", c.id());
        assertEquals("every client within tolerance", c.detail());
    }

    @Test
    void aBusyHostThatWakesEveryClientLateAlikeKeepsThemTogether() {
        assertTrue(PhaseAlignment.check(List.of(point(1, clock(0, 0.5, 94, 93.9), clock(0, 0.5, 95, 94.6)))).passed());
        assertTrue(PhaseAlignment.check(List.of(point(1, clock(0, 0.5, 37.9, 37.9)))).passed(), "one client");
    }

    @Test
    void theClientThatStartedApartIsNamedWithItsLag() {
        RuleCheck c = PhaseAlignment.check(List.of(point(1, clock(0, 0.3, 0.5, 0.2)),
                point(2, clock(0, 0.3, 0.5, 0.2), clock(2999.8, 0.4, -2.1, -1500.2))));
        assertFalse(c.passed());
        assertEquals("point 2: client 2 c2 started RUN 1500.4 ms earlier than client 1 c1 (-1500.2 ms from the"
                + " instant, tolerance 20.7 ms; clock offset +2999.8 ms ± 0.4)", c.detail());
    }

    @Test
    void aLateWarmupFailsToo() {
        RuleCheck c = PhaseAlignment.check(List.of(point(1, clock(0, 0.5, 0, Double.NaN), clock(0, 0.5, 21.5, Double.NaN))));
        assertFalse(c.passed());
        assertTrue(c.detail().startsWith("point 1: client 2 c2 started WARMUP 21.5 ms later than client 1 c1"), c.detail());
    }

    @Test
    void unmeasuredClientsAreNotJudged() {
        assertTrue(PhaseAlignment.check(List.of(point(1, (ClientClock) null))).passed());
    }

    @Test
    void stragglersAreNamedInAPassingCheck() {
        RuleCheck c = PhaseAlignment.check(List.of(point(1, clock(0, 0.5, 1, 1),
                new ClientClock(0, 0.5, 1, 1, 0, 3_012, 2))));
        assertTrue(c.passed());
        assertEquals("every client within tolerance; straggler at point 1: client 2 c2 answered in 3.0 s, 2 procs"
                + " over 1 s behind schedule", c.detail());
    }
}
