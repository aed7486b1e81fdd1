package org.sfsbench.stats;

/**
 * Welch's unequal-variance t test of two means from their samples' spreads: is B's mean
 * different from A's at the given confidence? It assumes each side's samples are independent and
 * roughly normal (means of many ops are); it does not assume equal variances or equal counts.
 *
 * @param t the statistic (B - A) / standard error of the difference
 * @param df Welch–Satterthwaite degrees of freedom
 * @param p two-sided probability of a difference at least this large with equal means
 */
public record Welch(double t, double df, double p) {
    public static Welch test(Spread a, Spread b) {
        if (a.n() < 2 || b.n() < 2) {
            return new Welch(Double.NaN, Double.NaN, Double.NaN);
        }
        double va = a.sd() * a.sd() / a.n();
        double vb = b.sd() * b.sd() / b.n();
        double diff = b.mean() - a.mean();
        if (va + vb == 0) {
            return new Welch(diff == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, diff), Double.POSITIVE_INFINITY,
                    diff == 0 ? 1 : 0);
        }
        double t = diff / Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb)
                / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return new Welch(t, df, StudentT.twoSidedP(t, df));
    }

    /** True when the test ran and the difference is significant at {@code confidence}. */
    public boolean significant(double confidence) {
        return !Double.isNaN(p) && p < 1 - confidence;
    }
}
