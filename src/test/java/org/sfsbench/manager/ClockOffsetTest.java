package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClockOffsetTest {
    private static final long T0 = 1_764_000_000_000_000L;

    /** A round trip sent at {@code sentUs} taking {@code rttUs}, the agent answering {@code agentLagUs} after the send (its clock +offsetUs). */
    private static String trip(ClockOffset c, long sentUs, long rttUs, long agentLagUs, long offsetUs) {
        return c.add(T0 + sentUs, T0 + sentUs + rttUs, T0 + sentUs + agentLagUs + offsetUs);
    }

    @Test
    void theRoundTripOfSmallestDelayIsTheEstimate() {
        ClockOffset c = new ClockOffset();
        assertFalse(c.measured());
        // +3 s, a slow trip whose answer left late (biased), then a fast symmetric one
        trip(c, 0, 40_000, 35_000, 3_000_000);
        assertEquals(3_015.0, c.offsetMs(), 1e-9);
        assertEquals(20.0, c.uncertaintyMs(), 1e-9);
        trip(c, 1_000_000, 400, 200, 3_000_000);
        assertEquals(3_000.0, c.offsetMs(), 1e-9);
        assertEquals(0.2, c.uncertaintyMs(), 1e-9);
        // a later slower trip does not replace it
        trip(c, 2_000_000, 10_000, 9_000, 3_000_000);
        assertEquals(3_000.0, c.offsetMs(), 1e-9);
        assertEquals(0, c.steps());
    }

    @Test
    void theBestTripLeavesTheWindow() {
        ClockOffset c = new ClockOffset();
        trip(c, 0, 200, 100, -2_000_000);
        for (int i = 1; i <= ClockOffset.WINDOW; i++) {
            trip(c, i * 1_000_000L, 2_000, 1_000, -2_000_000 + 500);
        }
        // the 0.1 ms trip is out of the window: the best of the 1 ms trips stands
        assertEquals(-1_999.5, c.offsetMs(), 1e-9);
        assertEquals(1.0, c.uncertaintyMs(), 1e-9);
    }

    @Test
    void aSteppedClockIsNoticedOnceAndTheWindowRestarts() {
        ClockOffset c = new ClockOffset();
        for (int i = 0; i < 5; i++) {
            assertEquals("", trip(c, i * 1_000_000L, 1_000, 500, 1_000));
        }
        String step = trip(c, 5_000_000, 1_000, 500, 251_000);
        assertTrue(step.startsWith("clock stepped by +250.0 ms"), step);
        assertEquals(1, c.steps());
        assertEquals(251.0, c.offsetMs(), 1e-9);
        assertEquals("", trip(c, 6_000_000, 1_000, 500, 251_000));
        assertEquals(1, c.steps());
    }

    @Test
    void aSlowAnswerIsNoStep() {
        ClockOffset c = new ClockOffset();
        trip(c, 0, 1_000, 500, 0);
        // SIGSTOPped for 3 s: the answer says little, but within its own uncertainty
        assertEquals("", trip(c, 1_000_000, 3_000_000, 100, 0));
        assertEquals("", trip(c, 5_000_000, 3_000_000, 2_999_000, 0));
        assertEquals(0, c.steps());
        assertEquals(0.0, c.offsetMs(), 1e-9);
    }

    @Test
    void aMoveWithinTheBoundIsNoStep() {
        ClockOffset c = new ClockOffset();
        trip(c, 0, 2_000, 1_000, 0);
        assertEquals("", trip(c, 1_000_000, 2_000, 1_000, (long) (ClockOffset.STEP_BOUND_MS * 1000)));
        assertFalse(trip(c, 2_000_000, 2_000, 1_000, (long) (ClockOffset.STEP_BOUND_MS * 1000) + 2_100).isEmpty());
    }
}
