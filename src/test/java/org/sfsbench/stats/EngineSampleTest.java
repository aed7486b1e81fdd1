package org.sfsbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;
import org.sfsbench.engine.SampleLayout;

class EngineSampleTest {
    static final int LOOKUP = 4;
    static final int READ = 6;

    /** A RUN sample as the engine lays it out, written word by word. */
    static long[] handMade() {
        long[] w = new long[SampleLayout.WORDS];
        w[SampleLayout.S_LAYOUT] = SampleLayout.API_VERSION;
        w[SampleLayout.S_PHASE] = 3;
        w[SampleLayout.S_ELAPSED_US] = 10_000_000;
        w[SampleLayout.S_FILESET_BYTES] = 10L << 20;
        w[SampleLayout.S_PROCS] = 4;
        w[SampleLayout.S_BEHIND] = 1;
        // lookup: 3 ops at 100, 200, 1000 us; 1 failed
        w[SampleLayout.op(LOOKUP, SampleLayout.O_OPS)] = 3;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_ERRORS)] = 1;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_LAT_SUM)] = 1300;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_LAT_MIN)] = 100;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_LAT_MAX)] = 1000;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_SVC_SUM)] = 1200;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_PHYSICAL)] = 3;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_HIST) + LatencyHistogram.bucketOf(100)]++;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_HIST) + LatencyHistogram.bucketOf(200)]++;
        w[SampleLayout.op(LOOKUP, SampleLayout.O_HIST) + LatencyHistogram.bucketOf(1000)]++;
        // read: 1 op of 8192 bytes at 5000 us, late
        w[SampleLayout.op(READ, SampleLayout.O_OPS)] = 1;
        w[SampleLayout.op(READ, SampleLayout.O_BYTES)] = 8192;
        w[SampleLayout.op(READ, SampleLayout.O_LAT_SUM)] = 5000;
        w[SampleLayout.op(READ, SampleLayout.O_LAT_MIN)] = 5000;
        w[SampleLayout.op(READ, SampleLayout.O_LAT_MAX)] = 5000;
        w[SampleLayout.op(READ, SampleLayout.O_SVC_SUM)] = 3000;
        w[SampleLayout.op(READ, SampleLayout.O_LATE)] = 1;
        w[SampleLayout.op(READ, SampleLayout.O_PHYSICAL)] = 2;
        w[SampleLayout.op(READ, SampleLayout.O_HIST) + LatencyHistogram.bucketOf(5000)] = 1;
        // every other op: min = UINT64_MAX as the engine leaves it
        for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
            if (op != LOOKUP && op != READ) {
                w[SampleLayout.op(op, SampleLayout.O_LAT_MIN)] = -1;
            }
        }
        // error table: lookup NFS3ERR_NOENT x1
        w[SampleLayout.E_BASE] = 1;
        w[SampleLayout.E_BASE + 1] = ((long) LOOKUP << 32) | 2;
        w[SampleLayout.E_BASE + 2] = 1;
        // lag (send time minus intended start) of the 4 ops: 0, 0, 40 and 45 us
        w[SampleLayout.L_BASE + SampleLayout.L_HIST + LatencyHistogram.bucketOf(0)] = 2;
        w[SampleLayout.L_BASE + SampleLayout.L_HIST + LatencyHistogram.bucketOf(40)] = 1;
        w[SampleLayout.L_BASE + SampleLayout.L_HIST + LatencyHistogram.bucketOf(45)] = 1;
        w[SampleLayout.L_BASE + SampleLayout.L_MAX] = 45;
        return w;
    }

    @Test
    void theLagOfEveryOpMergesAndDifferences() {
        EngineSample s = EngineSample.decode(handMade());
        assertEquals(4, s.lag().count());
        assertEquals(45, s.lag().maxUs());
        assertTrue(s.lag().percentileUs(50) <= 1, "half the ops on time: " + s.lag().percentileUs(50));
        assertTrue(s.lag().percentileUs(100) >= 45, "the last in 45's bucket");
        long[] other = handMade();
        other[SampleLayout.L_BASE + SampleLayout.L_MAX] = 9000;
        other[SampleLayout.L_BASE + SampleLayout.L_HIST + LatencyHistogram.bucketOf(9000)] = 1;
        EngineSample later = EngineSample.decode(other);
        EngineSample both = s.plus(later);
        assertEquals(9, both.lag().count());
        assertEquals(9000, both.lag().maxUs());
        ScheduleLag d = later.minus(s).lag();
        assertEquals(1, d.count(), "one op more in the later sample");
        assertEquals(9000, d.maxUs(), "an interval's largest lag is the later sample's");
        assertEquals(0, EngineSample.decode(new EngineSample(Phase.RUN, 0, 0, 0, 0, 1, 0, List.of(), List.of())
                .toWords()).lag().count(), "a sample without lag figures has none");
    }

    @Test
    void decodesEveryField() {
        EngineSample s = EngineSample.decode(handMade());
        assertEquals(Phase.RUN, s.phase());
        assertEquals(10_000_000, s.elapsedUs());
        assertEquals(10L << 20, s.filesetBytes());
        assertEquals(4, s.procs());
        assertEquals(1, s.behind());
        assertEquals(2, s.opCounters().size());
        OpCounters l = s.op(LOOKUP);
        assertEquals(3, l.ops());
        assertEquals(1, l.errors());
        assertEquals(1300, l.latencySumUs());
        assertEquals(100, l.latencyMinUs());
        assertEquals(1000, l.latencyMaxUs());
        assertEquals(1200, l.serviceSumUs());
        assertEquals(3, l.histogram().count());
        OpCounters r = s.op(READ);
        assertEquals(8192, r.bytes());
        assertEquals(1, r.late());
        assertEquals(2, r.physical());
        assertEquals(-1, s.op(0).latencyMinUs());
        assertEquals(4, s.totalOps());
        assertEquals(1, s.totalErrors());
        assertEquals(List.of(new ErrorCount(LOOKUP, 2, 1)), s.errors());
        assertEquals(6300.0 / 4, s.total().meanUs(), 1e-9);
    }

    @Test
    void encodeIsTheInverseOfDecode() {
        long[] w = handMade();
        assertArrayEquals(w, EngineSample.decode(w).toWords());
    }

    @Test
    void rejectsForeignLayouts() {
        long[] w = handMade();
        w[SampleLayout.S_LAYOUT] = SampleLayout.API_VERSION + 1;
        assertThrows(IllegalArgumentException.class, () -> EngineSample.decode(w));
        assertThrows(IllegalArgumentException.class, () -> EngineSample.decode(new long[10]));
    }

    @Test
    void mergeAddsCountersAndIsAssociative() {
        EngineSample a = EngineSample.decode(handMade());
        long[] wb = handMade();
        wb[SampleLayout.S_ELAPSED_US] = 10_500_000;
        wb[SampleLayout.op(LOOKUP, SampleLayout.O_LAT_MIN)] = 50;
        wb[SampleLayout.E_BASE + 1] = ((long) LOOKUP << 32) | 13;
        EngineSample b = EngineSample.decode(wb);
        EngineSample c = EngineSample.decode(handMade());
        EngineSample left = a.plus(b).plus(c);
        EngineSample right = a.plus(b.plus(c));
        assertArrayEquals(left.toWords(), right.toWords());
        assertEquals(12, left.totalOps());
        assertEquals(12, left.procs());
        assertEquals(10_500_000, left.elapsedUs());
        assertEquals(50, left.op(LOOKUP).latencyMinUs());
        assertEquals(9, left.op(LOOKUP).histogram().count());
        assertEquals(List.of(new ErrorCount(LOOKUP, 2, 2), new ErrorCount(LOOKUP, 13, 1)), left.errors());
    }

    @Test
    void minusGivesTheInterval() {
        EngineSample early = EngineSample.decode(handMade());
        EngineSample late = early.plus(early);
        EngineSample d = late.minus(early);
        assertEquals(4, d.totalOps());
        assertEquals(0, d.elapsedUs());
        assertEquals(1300, d.op(LOOKUP).latencySumUs());
        assertEquals(3, d.op(LOOKUP).histogram().count());
        assertEquals(List.of(new ErrorCount(LOOKUP, 2, 1)), d.errors());
        assertThrows(IllegalArgumentException.class, () -> early.minus(late));
    }

    @Test
    void serialFormIsCompact() throws IOException, ClassNotFoundException {
        EngineSample s = EngineSample.decode(handMade());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(s);
        }
        // the raw layout is ~330 KB; the compact form must be a tiny fraction
        assertTrue(bytes.size() < 4000, "serialised size " + bytes.size());
        EngineSample back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = (EngineSample) in.readObject();
        }
        assertArrayEquals(s.toWords(), back.toWords());
    }
}
