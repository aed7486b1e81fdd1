package org.sfsbench.slo;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The SLO of a run (docs/slo.md): the terms every probe must meet, how close the search brackets
 * the capacity and how often the best passing rate is repeated before it is the answer.
 *
 * @param terms        the terms, all of which must hold
 * @param precisionPct SLO_PRECISION: the search stops when its bracket is this percentage of the top speed wide
 * @param confirm      SLO_CONFIRM: repeats of the best passing rate, all of which must pass
 */
public record Slo(List<SloTerm> terms, double precisionPct, int confirm) {
    public static final double PRECISION_DEFAULT = 2.0;
    public static final int CONFIRM_DEFAULT = 2;

    public Slo {
        terms = List.copyOf(terms);
    }

    /** Samples a probe needs before it is judged: the most any term needs. */
    public long samplesNeeded() {
        return terms.stream().mapToLong(SloTerm::samplesNeeded).max().orElse(SloTerm.SAMPLES_BEYOND);
    }

    /** "p99 <= 5 ms and mean <= 1 ms". */
    public String text() {
        return terms.stream().map(SloTerm::toString).collect(Collectors.joining(" and "));
    }
}
