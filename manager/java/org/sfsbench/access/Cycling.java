package org.sfsbench.access;

import java.util.ArrayList;
import java.util.List;

/**
 * Iometer's cycling of a count (outstanding I/Os, workers): start, then start + step (linear) or
 * start x step (exponential), up to end.
 *
 * @param start       first value, at least 1
 * @param end         last value allowed
 * @param step        increment (linear) or factor (exponential, at least 2)
 * @param exponential exponential rather than linear
 */
public record Cycling(int start, int end, int step, boolean exponential) {

    /** The values in order; at most 1000. */
    public List<Integer> values() {
        List<Integer> v = new ArrayList<>();
        long x = start;
        while (x <= end && v.size() < 1000) {
            v.add((int) x);
            x = exponential ? x * step : x + step;
        }
        return v;
    }

    /**
     * The values up to {@code max}, and {@code max} itself when the steps pass over it: Iometer sets
     * at most all of a count active, so a step beyond the last value still runs with all of them.
     */
    public List<Integer> valuesUpTo(int max) {
        List<Integer> v = new ArrayList<>();
        for (int x : new Cycling(start, Math.min(end, max), step, exponential).values()) {
            v.add(x);
        }
        if (start <= max && (v.isEmpty() || v.get(v.size() - 1) < max) && end >= max) {
            v.add(max);
        }
        return v;
    }

    /** Why this cycling cannot run, or null. */
    public String problem() {
        if (start < 1 || end < start) {
            return "start " + start + " and end " + end + " must satisfy 1 <= start <= end";
        }
        if (exponential ? step < 2 : step < 1) {
            return "step " + step + (exponential ? " must be at least 2 (a factor)" : " must be at least 1");
        }
        return null;
    }
}
