package org.sfsbench.stats;

/**
 * The words of one engine sample (sfsengine.h's layout) as {@link EngineSample#decode} reads them:
 * a dense array, or only the non-zero words (what crosses the link and RMI), read without the
 * ~41 k-word array.
 */
public interface SampleWords {

    /** Words in the layout. */
    int length();

    /** Word {@code i}. */
    long at(int i);

    /** The SFS_HIST_BUCKETS histogram words from {@code offset}. */
    LatencyHistogram histogram(int offset);

    /** A dense array's words. */
    static SampleWords of(long[] words) {
        return new SampleWords() {
            @Override
            public int length() {
                return words.length;
            }

            @Override
            public long at(int i) {
                return words[i];
            }

            @Override
            public LatencyHistogram histogram(int offset) {
                return LatencyHistogram.fromWords(words, offset);
            }
        };
    }
}
