package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpCountersTest {

    @Test
    void recordAndMerge() {
        OpCounters a = new OpCounters(6);
        a.record(1000, 800, 4096, false, false);
        a.record(3000, 900, 4096, true, true);
        OpCounters b = new OpCounters(6);
        b.record(500, 400, 8192, false, false);
        a.merge(b);
        assertEquals(3, a.ops());
        assertEquals(1, a.errors());
        assertEquals(16384, a.bytes());
        assertEquals(4500, a.latencySumUs());
        assertEquals(500, a.latencyMinUs());
        assertEquals(3000, a.latencyMaxUs());
        assertEquals(1, a.late());
        assertEquals(1500.0, a.meanUs(), 1e-9);
        assertEquals(700.0, a.meanServiceUs(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> a.merge(new OpCounters(7)));
    }

    @Test
    void percentileIsClampedToObservedRange() {
        OpCounters c = new OpCounters(1);
        c.record(1000, 1000, 0, false, false);
        // the bucket of 1000 is 992..1007; a lone value must report itself, not the bucket edge
        assertEquals(1000.0, c.percentileUs(100), 0.0);
        assertEquals(1000.0, c.percentileUs(1), 0.0);
        assertTrue(Double.isNaN(new OpCounters(1).percentileUs(50)));
    }

    @Test
    void minusGivesIntervalCounters() {
        OpCounters early = new OpCounters(4);
        early.record(100, 90, 0, false, false);
        OpCounters late = early.copy();
        late.record(300, 250, 0, true, true);
        late.record(500, 450, 0, false, false);
        OpCounters d = late.minus(early);
        assertEquals(2, d.ops());
        assertEquals(1, d.errors());
        assertEquals(800, d.latencySumUs());
        assertEquals(700, d.serviceSumUs());
        assertEquals(1, d.late());
        assertEquals(2, d.histogram().count());
        assertThrows(IllegalArgumentException.class, () -> early.minus(late));
    }
}
