package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;
import org.sfsbench.link.WorkerState;
import org.sfsbench.results.model.ClientClock;
import org.sfsbench.rmi.AgentStatus;
import org.sfsbench.rmi.WorkerStatus;

class ClientClocksTest {
    private static final long T0 = 1_764_000_000_000_000L;

    /** Client 0's agent 3 s ahead, its worker in {@code phase} since agent time {@code startUs}. */
    private static AgentStatus status(long agentUs, Phase phase, long startUs) {
        return new AgentStatus(agentUs, List.of(new WorkerStatus(0, 42, phase, WorkerState.RUNNING, "", null, startUs)));
    }

    @Test
    void instantsGoInTheClientsClockAndStartsComeBackInTheManagers() {
        ClientClocks clocks = new ClientClocks();
        clocks.clients(1);
        assertNull(clocks.clock(0));
        assertEquals(1_000, clocks.toClient(0, 1_000), "no offset before a round trip");
        clocks.answer(0, "client 1 (a)", T0, T0 + 1_000, status(T0 + 500 + 3_000_000, Phase.INIT, 0));
        long warmupAtMs = T0 / 1000 + 2_000;
        assertEquals(warmupAtMs + 3_000, clocks.toClient(0, warmupAtMs));
        clocks.expect(Phase.WARMUP, warmupAtMs);
        // the worker started WARMUP 4 ms late by the manager's clock: agent time instant + 3 s + 4 ms
        long started = (warmupAtMs + 3_004) * 1000;
        clocks.newRound();
        clocks.answer(0, "client 1 (a)", T0 + 3_000_000, T0 + 3_001_000, status(T0 + 3_000_500 + 3_000_000,
                Phase.WARMUP, started));
        assertEquals("", clocks.stragglers());
        ClientClock c = clocks.clock(0);
        assertEquals(3_000.0, c.offsetMs(), 1e-9);
        assertEquals(0.5, c.uncertaintyMs(), 1e-9);
        assertEquals(4.0, c.warmupLagMs(), 1e-9);
        assertTrue(Double.isNaN(c.runLagMs()));
        assertEquals(1.0, c.slowestAnswerMs(), 1e-9);
    }

    @Test
    void aSlowAnswerIsAStragglerOfItsRoundOnly() {
        ClientClocks clocks = new ClientClocks();
        clocks.clients(1);
        clocks.expect(Phase.WARMUP, T0 / 1000);
        clocks.newRound();
        assertEquals(List.of("straggler: client 1 (a) answered in 3.2 s"),
                clocks.answer(0, "client 1 (a)", T0, T0 + 3_200_000, status(T0 + 1_600_000, Phase.WARMUP, 0)));
        assertEquals("straggler: client 1 (a) answered in 3.2 s", clocks.stragglers());
        assertEquals(3_200.0, clocks.clock(0).slowestAnswerMs(), 1e-9);
        clocks.newRound();
        clocks.answer(0, "client 1 (a)", T0 + 4_000_000, T0 + 4_001_000, status(T0 + 4_000_500, Phase.WARMUP, 0));
        assertEquals("", clocks.stragglers());
        assertEquals(3_200.0, clocks.clock(0).slowestAnswerMs(), 1e-9, "the point keeps its slowest answer");
    }

    @Test
    void anAnswerWaitingForAPhaseInstantIsTimedFromIt() {
        ClientClocks clocks = new ClientClocks();
        clocks.clients(1);
        long runAtMs = T0 / 1000 + 1_500;
        clocks.expect(Phase.RUN, runAtMs);
        clocks.newRound();
        // sent 1.5 s before RUN's instant, answered 0.2 s after it: 0.2 s late, no straggler
        assertEquals(List.of(), clocks.answer(0, "client 1 (a)", T0, T0 + 1_700_000,
                status(T0 + 850_000, Phase.RUN, (runAtMs + 1) * 1000)));
        assertEquals("", clocks.stragglers());
        assertEquals(200.0, clocks.clock(0).slowestAnswerMs(), 1e-9);
        assertEquals(1.0, clocks.clock(0).runLagMs(), 1e-9);
    }
}
