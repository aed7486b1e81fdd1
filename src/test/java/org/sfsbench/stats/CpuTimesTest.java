package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.SampleLayout;

/** The CPU words of an engine sample and the figures computed from them (docs/results.md "Client CPU"). */
class CpuTimesTest {
    /** 2 s window on a 4-CPU host: 800 ticks, 300 user, 100 system, 390 idle, 10 steal; worker 1.2 s + 0.3 s. */
    static final CpuTimes TWO_SECONDS = new CpuTimes(2_000_000, 800, 300, 100, 390, 4, 1_200_000, 300_000);

    @Test
    void percentagesOfHostAndProcess() {
        CpuTimes t = TWO_SECONDS;
        assertTrue(t.measured());
        assertEquals(50.0, t.hostBusyPercent(), 1e-12);
        assertEquals(37.5, t.hostUserPercent(), 1e-12);
        assertEquals(12.5, t.hostSystemPercent(), 1e-12);
        // 1.5 s of CPU in 2 s: 75 % of one CPU
        assertEquals(75.0, t.processPercent(), 1e-12);
        assertEquals(1_500_000, t.processUs());
        assertEquals(150.0, t.processUsPerOp(10_000), 1e-12);
        assertTrue(Double.isNaN(t.processUsPerOp(0)));
    }

    @Test
    void notMeasuredGivesNoFigures() {
        assertFalse(CpuTimes.NONE.measured());
        assertTrue(Double.isNaN(CpuTimes.NONE.hostBusyPercent()));
        assertTrue(Double.isNaN(CpuTimes.NONE.processPercent()));
        assertTrue(Double.isNaN(CpuTimes.NONE.processUsPerOp(100)));
    }

    @Test
    void twoClientsAddUp() {
        // a second, idle 2-CPU host over 1.9 s with a worker that used 0.1 s
        CpuTimes other = new CpuTimes(1_900_000, 380, 10, 10, 360, 2, 60_000, 40_000);
        CpuTimes both = TWO_SECONDS.plus(other);
        assertEquals(2_000_000, both.windowUs());
        assertEquals(6, both.hostCpus());
        // over all ticks: (400 + 20) / 1180
        assertEquals(100.0 * 420 / 1180, both.hostBusyPercent(), 1e-12);
        assertEquals(80.0, both.processPercent(), 1e-12);
        assertEquals(both, other.plus(TWO_SECONDS));
    }

    @Test
    void intervalIsTheDifference() {
        CpuTimes first = new CpuTimes(1_000_000, 400, 100, 50, 250, 4, 500_000, 100_000);
        CpuTimes d = TWO_SECONDS.minus(first);
        assertEquals(new CpuTimes(1_000_000, 400, 200, 50, 140, 4, 700_000, 200_000), d);
        assertEquals(62.5, d.hostBusyPercent(), 1e-12);
        assertEquals(90.0, d.processPercent(), 1e-12);
    }

    @Test
    void decodedFromTheEngineWordsAndBack() {
        long[] w = EngineSampleTest.handMade();
        int c = SampleLayout.C_BASE;
        w[c + SampleLayout.C_WINDOW_US] = 2_000_000;
        w[c + SampleLayout.C_HOST_TICKS] = 800;
        w[c + SampleLayout.C_HOST_USER] = 300;
        w[c + SampleLayout.C_HOST_SYSTEM] = 100;
        w[c + SampleLayout.C_HOST_IDLE] = 390;
        w[c + SampleLayout.C_HOST_CPUS] = 4;
        w[c + SampleLayout.C_PROC_USER_US] = 1_200_000;
        w[c + SampleLayout.C_PROC_SYS_US] = 300_000;
        EngineSample s = EngineSample.decode(w);
        assertEquals(TWO_SECONDS, s.cpu());
        assertEquals(SampleLayout.L_BASE, c + SampleLayout.C_WORDS, "the lag words follow the CPU words");
        assertEquals(SampleLayout.OUTAGE_BASE, SampleLayout.L_BASE + SampleLayout.L_WORDS, "then the outages");
        assertEquals(SampleLayout.WORDS, SampleLayout.OUTAGE_BASE + SampleLayout.OUTAGE_WORDS, "which end the sample");
        EngineSample two = EngineSample.merge(List.of(s, s));
        assertEquals(TWO_SECONDS.plus(TWO_SECONDS), two.cpu());
        // the later sample's times minus the earlier's; CPUs are the later sample's
        assertEquals(new CpuTimes(0, 800, 300, 100, 390, 8, 1_200_000, 300_000), two.minus(s).cpu());
        long[] back = s.toWords();
        for (int i = 0; i < SampleLayout.C_WORDS; i++) {
            assertEquals(w[c + i], back[c + i], "word C+" + i);
        }
    }
}
