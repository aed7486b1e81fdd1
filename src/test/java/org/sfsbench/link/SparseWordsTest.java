package org.sfsbench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.sfsbench.engine.SampleLayout;
import org.sfsbench.stats.EngineSample;
import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.SampleWords;

class SparseWordsTest {

    @Test
    void sparseWordsDecodeExactlyAsTheDenseArray() {
        SplittableRandom r = new SplittableRandom(7);
        for (int trial = 0; trial < 50; trial++) {
            long[] dense = new long[SampleLayout.WORDS];
            dense[SampleLayout.S_LAYOUT] = SampleLayout.API_VERSION;
            dense[SampleLayout.S_PHASE] = 3;
            dense[SampleLayout.S_PROCS] = r.nextInt(1, 9);
            for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
                int b = SampleLayout.op(op, 0);
                dense[b + SampleLayout.O_LAT_MIN] = -1;
                if (r.nextInt(4) != 0) {
                    continue;
                }
                long ops = 0;
                for (int k = r.nextInt(1, 6); k > 0; k--) {
                    int bucket = k == 1 && r.nextBoolean() ? LatencyHistogram.BUCKETS - 1 : r.nextInt(LatencyHistogram.BUCKETS);
                    long n = r.nextInt(1, 1000);
                    dense[b + SampleLayout.O_HIST + bucket] += n;
                    ops += n;
                }
                dense[b + SampleLayout.O_OPS] = ops;
                dense[b + SampleLayout.O_AFTER_END] = r.nextLong(ops + 1);
                dense[b + SampleLayout.O_LAT_SUM] = ops * 100;
                dense[b + SampleLayout.O_LAT_MIN] = 3;
                dense[b + SampleLayout.O_LAT_MAX] = 9000;
            }
            SparseWords sparse = SparseWords.of(dense);
            for (int i = 0; i < dense.length; i += 97) {
                assertEquals(dense[i], sparse.at(i), "word " + i);
            }
            EngineSample a = EngineSample.decode(dense);
            EngineSample b = EngineSample.decode(sparse);
            assertEquals(a.totalOps(), b.totalOps());
            for (int op = 0; op < SampleLayout.OPS_MAX; op++) {
                LatencyHistogram ha = a.op(op).histogram();
                LatencyHistogram hb = b.op(op).histogram();
                assertEquals(ha.firstBucket(), hb.firstBucket(), "op " + op);
                assertEquals(ha.endBucket(), hb.endBucket(), "op " + op);
                for (int k = ha.firstBucket(); k < ha.endBucket(); k++) {
                    assertEquals(ha.bucket(k), hb.bucket(k), "op " + op + " bucket " + k);
                }
                assertEquals(a.op(op).afterEnd(), b.op(op).afterEnd());
                assertEquals(a.op(op).latencyMinUs(), b.op(op).latencyMinUs());
            }
            assertEquals(SampleWords.of(dense).length(), sparse.length());
        }
    }

    @Test
    void aFrameWhoseIndicesDoNotAscendIsRefused() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(64);
        out.writeInt(2);
        out.writeInt(9);
        out.writeLong(1);
        out.writeInt(3);
        out.writeLong(1);
        IOException e = assertThrows(IOException.class,
                () -> SparseWords.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))));
        assertEquals("corrupt sample frame (index 3)", e.getMessage());
    }
}
