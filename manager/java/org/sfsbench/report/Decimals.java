package org.sfsbench.report;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Fixed-point conversion of measured doubles for the published files. Values go through the same
 * {@code %.Nf} formatting (half-up on the shortest decimal form) that the classic text files use,
 * so a number in the XML has exactly the digits printed elsewhere.
 */
public final class Decimals {
    /** Digits after the point for milliseconds beyond the sfssum column (percentiles, per-op means). */
    public static final int MSEC_SCALE = 3;
    /** Digits for shares of the mix, percent. */
    public static final int PERCENT_SCALE = 2;
    /** Digits for per-op, per-client and per-interval rates. */
    public static final int RATE_SCALE = 1;
    /** Digits for MB/s (10^6 bytes per second): metadata ops move kilobytes per second. */
    public static final int MBPS_SCALE = 3;
    /** Digits for CPU percentages and CPU microseconds per op. */
    public static final int CPU_SCALE = 2;
    /** Digits of the overall response time, as published SPECsfs2008 results show it. */
    public static final int ORT_SCALE = 2;
    /** Digits of a measured time that is not whole seconds (a point that ended with its LOADFILE_PASSES). */
    public static final int SECONDS_SCALE = 3;

    private Decimals() {
    }

    /** {@code v} with {@code scale} decimals; null for NaN or infinity (the value is unknown). */
    public static BigDecimal fixed(double v, int scale) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        return new BigDecimal(String.format(Locale.ROOT, "%." + scale + "f", v));
    }

    /** Like {@link #fixed} but 0 for an unknown value, for attributes that must be present. */
    public static BigDecimal fixedOrZero(double v, int scale) {
        BigDecimal d = fixed(v, scale);
        return d != null ? d : BigDecimal.ZERO.setScale(scale);
    }

    /** {@link #fixed} as the reports print it; null for an unknown value. */
    public static String plain(double v, int scale) {
        BigDecimal d = fixed(v, scale);
        return d == null ? null : d.toPlainString();
    }

    /** {@link #fixedOrZero} as the reports print it. */
    public static String plainOrZero(double v, int scale) {
        return fixedOrZero(v, scale).toPlainString();
    }

    /** Back to double; NaN for an absent value. */
    public static double toDouble(BigDecimal d) {
        return d == null ? Double.NaN : d.doubleValue();
    }
}
