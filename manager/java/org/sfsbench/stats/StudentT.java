package org.sfsbench.stats;

/**
 * Student's t distribution: the two-sided tail probability and quantiles, through the regularised
 * incomplete beta function (continued fraction, Numerical Recipes 6.4). Accurate to about 1e-10,
 * far beyond what a benchmark's confidence needs.
 */
public final class StudentT {
    private StudentT() {
    }

    /** P(|T| >= |t|) for {@code df} degrees of freedom (df may be fractional, as Welch's is). */
    public static double twoSidedP(double t, double df) {
        if (Double.isNaN(t) || !(df > 0)) {
            return Double.NaN;
        }
        if (Double.isInfinite(t)) {
            return 0;
        }
        return incompleteBeta(df / 2, 0.5, df / (df + t * t));
    }

    /** The t with P(|T| >= t) = 1 - confidence, e.g. 2.776 for df 4 at 0.95. */
    public static double quantile(double confidence, double df) {
        double alpha = 1 - confidence;
        double lo = 0;
        double hi = 1;
        while (twoSidedP(hi, df) > alpha) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (twoSidedP(mid, df) > alpha) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double incompleteBeta(double a, double b, double x) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * continuedFraction(a, b, x) / a;
        }
        return 1 - front * continuedFraction(b, a, 1 - x) / b;
    }

    private static double continuedFraction(double a, double b, double x) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = Math.abs(d) < tiny ? tiny : d;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 300; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-14) {
                break;
            }
        }
        return h;
    }

    /** Lanczos approximation of ln Γ(x), x > 0. */
    private static double lnGamma(double x) {
        double[] g = {76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155,
            0.1208650973866179e-2, -0.5395239384953e-5};
        double y = x;
        double tmp = x + 5.5;
        tmp -= (x + 0.5) * Math.log(tmp);
        double ser = 1.000000000190015;
        for (double c : g) {
            ser += c / ++y;
        }
        return -tmp + Math.log(2.5066282746310005 * ser / x);
    }
}
