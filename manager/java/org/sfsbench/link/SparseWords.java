package org.sfsbench.link;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.util.Arrays;
import java.util.function.Function;

/**
 * A counters sample with only its non-zero words: the engine's layout has ~41 k words of which a
 * few hundred are set (most histogram buckets are empty), so this is what crosses pipes and RMI.
 */
public final class SparseWords implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int length;
    private final int[] index;
    private final long[] value;

    private SparseWords(int length, int[] index, long[] value) {
        this.length = length;
        this.index = index;
        this.value = value;
    }

    public static SparseWords of(long[] dense) {
        int n = 0;
        for (long w : dense) {
            if (w != 0) {
                n++;
            }
        }
        int[] idx = new int[n];
        long[] val = new long[n];
        int k = 0;
        for (int i = 0; i < dense.length; i++) {
            if (dense[i] != 0) {
                idx[k] = i;
                val[k++] = dense[i];
            }
        }
        return new SparseWords(dense.length, idx, val);
    }

    /** A dense buffer per thread, zeroed again after each use. */
    private static final ThreadLocal<long[]> DENSE = ThreadLocal.withInitial(() -> new long[0]);

    /**
     * {@code reader} applied to the dense words. The array is this thread's buffer, valid only during
     * the call: a manager polling many clients reads each sample without a ~330 KB array per sample.
     */
    public <T> T readDense(Function<long[], T> reader) {
        long[] d = DENSE.get();
        if (d.length != length) {
            d = new long[length];
            DENSE.set(d);
        }
        for (int i = 0; i < index.length; i++) {
            d[index[i]] = value[i];
        }
        try {
            return reader.apply(d);
        } finally {
            for (int i : index) {
                d[i] = 0;
            }
        }
    }

    /** Word {@code i} (0 when it is not among the non-zero ones). */
    public long word(int i) {
        for (int k = 0; k < index.length; k++) {
            if (index[k] == i) {
                return value[k];
            }
        }
        return 0;
    }

    public void write(DataOutput out) throws IOException {
        out.writeInt(length);
        out.writeInt(index.length);
        for (int i = 0; i < index.length; i++) {
            out.writeInt(index[i]);
            out.writeLong(value[i]);
        }
    }

    public static SparseWords read(DataInput in) throws IOException {
        int length = in.readInt();
        int n = in.readInt();
        if (length < 0 || n < 0 || n > length || length > (1 << 24)) {
            throw new IOException("corrupt sample frame (length " + length + ", words " + n + ")");
        }
        int[] idx = new int[n];
        long[] val = new long[n];
        for (int i = 0; i < n; i++) {
            idx[i] = in.readInt();
            val[i] = in.readLong();
            if (idx[i] < 0 || idx[i] >= length) {
                throw new IOException("corrupt sample frame (index " + idx[i] + ")");
            }
        }
        return new SparseWords(length, idx, val);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparseWords s && s.length == length && Arrays.equals(s.index, index)
                && Arrays.equals(s.value, value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(index) * 31 + Arrays.hashCode(value);
    }
}
