package org.sfsbench.link;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SparseWordsTest {

    @Test
    void readDenseShowsTheWordsOfEachSampleAndNothingOfTheOneBefore() {
        long[] a = new long[64];
        a[3] = 7;
        a[40] = -1;
        long[] b = new long[64];
        b[5] = 9;
        SparseWords first = SparseWords.of(a);
        SparseWords second = SparseWords.of(b);
        assertArrayEquals(a, first.readDense(long[]::clone));
        // the same thread's buffer, reused: a's words are gone
        assertArrayEquals(b, second.readDense(long[]::clone));
        assertArrayEquals(new long[128], SparseWords.of(new long[128]).readDense(long[]::clone));
    }

    @Test
    void wordReadsOneWordWithoutTheDenseArray() {
        long[] a = new long[64];
        a[7] = 42;
        SparseWords s = SparseWords.of(a);
        assertEquals(42, s.word(7));
        assertEquals(0, s.word(8));
    }
}
