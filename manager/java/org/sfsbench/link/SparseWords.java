package org.sfsbench.link;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Arrays;

import org.sfsbench.stats.LatencyHistogram;
import org.sfsbench.stats.SampleWords;

/**
 * A counters sample with only its non-zero words: the engine's layout has ~41 k words of which a
 * few hundred are set (most histogram buckets are empty), so this is what crosses pipes and RMI.
 */
public final class SparseWords implements SampleWords, Serializable {
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

    @Override
    public int length() {
        return length;
    }

    /** Word {@code i}: a binary search of the non-zero words (their indices ascend). */
    @Override
    public long at(int i) {
        int k = Arrays.binarySearch(index, i);
        return k >= 0 ? value[k] : 0;
    }

    @Override
    public LatencyHistogram histogram(int offset) {
        int lo = from(offset);
        int hi = from(offset + LatencyHistogram.BUCKETS);
        if (lo == hi) {
            return new LatencyHistogram();
        }
        int first = index[lo] - offset;
        long[] counts = new long[index[hi - 1] - offset - first + 1];
        for (int k = lo; k < hi; k++) {
            counts[index[k] - offset - first] = value[k];
        }
        return LatencyHistogram.ofRange(first, counts);
    }

    /** The position of the first non-zero word at or after {@code i}. */
    private int from(int i) {
        int k = Arrays.binarySearch(index, i);
        return k >= 0 ? k : -k - 1;
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
            if (idx[i] < 0 || idx[i] >= length || (i > 0 && idx[i] <= idx[i - 1])) {
                throw new IOException("corrupt sample frame (index " + idx[i] + ")");
            }
        }
        return new SparseWords(length, idx, val);
    }

    /** What RMI delivers is checked as the link's frames are: indices in range and ascending. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (index == null || value == null || index.length != value.length || length < 0) {
            throw new InvalidObjectException("corrupt sample (length " + length + ")");
        }
        for (int i = 0; i < index.length; i++) {
            if (index[i] < 0 || index[i] >= length || (i > 0 && index[i] <= index[i - 1])) {
                throw new InvalidObjectException("corrupt sample (index " + index[i] + ")");
            }
        }
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
