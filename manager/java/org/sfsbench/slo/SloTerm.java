package org.sfsbench.slo;

import java.util.Locale;

import org.sfsbench.stats.OpCounters;

/**
 * One term of an SLO: a statistic of the latency from each op's intended start (a percentile or the
 * mean) and the bound it must not pass.
 *
 * @param percentile the percentile in [50, 99.99], or NaN for the mean
 * @param boundUs    the bound, microseconds
 * @param boundText  the bound as written, e.g. "5 ms"
 */
public record SloTerm(double percentile, double boundUs, String boundText) {

    /** Samples a term needs beyond its percentile (the mean: in all), see {@link #samplesNeeded()}. */
    public static final long SAMPLES_BEYOND = 100;

    public boolean isMean() {
        return Double.isNaN(percentile);
    }

    /** "p99", "p99.9", "mean". */
    public String statistic() {
        if (isMean()) {
            return "mean";
        }
        return "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile)
                : String.format(Locale.ROOT, "%s", percentile));
    }

    /**
     * The sample rule: a percentile q is judged only on n >= 100 / (1 - q/100) samples, so at least
     * 100 of them lie beyond it (p99: 10,000; p99.9: 100,000); the mean on at least 100.
     */
    public long samplesNeeded() {
        if (isMean()) {
            return SAMPLES_BEYOND;
        }
        return (long) Math.ceil(SAMPLES_BEYOND * 100.0 / (100.0 - percentile) - 1e-6);
    }

    /** The statistic measured on {@code all} (every op of every client), microseconds; NaN without ops. */
    public double measuredUs(OpCounters all) {
        return isMean() ? all.meanUs() : all.percentileUs(percentile);
    }

    /** "p99 <= 5 ms". */
    @Override
    public String toString() {
        return statistic() + " <= " + boundText;
    }
}
