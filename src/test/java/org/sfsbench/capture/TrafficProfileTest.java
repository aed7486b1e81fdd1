package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TrafficProfileTest {
    @Test
    void alignmentIsTheLargestPowerOfTwoDividingTheOffset() {
        assertEquals(0, TrafficProfile.alignmentOf(0));
        assertEquals(1, TrafficProfile.alignmentOf(7));
        assertEquals(4096, TrafficProfile.alignmentOf(3 * 4096));
        assertEquals(TrafficProfile.ALIGN_MAX, TrafficProfile.alignmentOf(1L << 40));
    }

    @Test
    void quantilesOfCountsByValue() {
        Map<Long, Long> c = new TreeMap<>(Map.of(1024L, 25L, 4096L, 50L, 65536L, 25L));
        assertEquals(1024, TrafficProfile.quantile(c, 0.25));
        assertEquals(4096, TrafficProfile.quantile(c, 0.5));
        assertEquals(4096, TrafficProfile.quantile(c, 0.75));
        assertEquals(65536, TrafficProfile.quantile(c, 1.0));
        assertEquals(0, TrafficProfile.quantile(Map.of(), 0.5));
    }

    @Test
    void zipfSkewOfExactZipfCounts() {
        List<Long> counts = new ArrayList<>();
        for (int rank = 1; rank <= 1000; rank++) {
            counts.add(Math.round(1e9 * Math.pow(rank, -1.2)));
        }
        assertEquals(1.2, TrafficProfile.zipfSkew(counts), 1e-3);
        assertEquals(0, TrafficProfile.zipfSkew(List.of(5L, 5L, 5L, 5L)), 1e-9);
        assertEquals(0, TrafficProfile.zipfSkew(List.of(5L)), 1e-9);
    }

    @Test
    void interArrivalPerClientAndTheWorkingSet() {
        TrafficProfile p = new TrafficProfile();
        p.accept(new CapturedOp(10.0, "a", "read", "x", null, "/f", 0, 4096));
        p.accept(new CapturedOp(10.5, "b", "getattr", "x", null, "/g", -1, -1));
        p.accept(new CapturedOp(10.001, "a", "write", "x", null, "/f", 8192, 4096));
        assertEquals(1, p.gapsUs.n);   // b's first op has no gap; a's second has 1 ms
        assertEquals(1000, p.gapsUs.mean(), 1e-6);
        assertEquals(12288, p.workingSetBytes());
        assertEquals(0.5, p.span(), 1e-9);
        assertEquals(1, p.readOps);
        assertEquals(1, p.writeOps);
    }
}
