package org.sfsbench.report.chart;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An axis scale and its ticks. Linear: "nice" ticks (1, 2, 2.5, 5 x 10^n steps) covering [0, max],
 * so axes read like hand-drawn ones: 0 5 10 15 20 rather than 0 4.3 8.6. Logarithmic: the decades
 * covering [min, max] (with 2 and 5 between when they span at most two decades), for latencies
 * where a 0.2 ms median and a 700 ms tail must both be read.
 */
public final class Ticks {
    private final double step;
    private final double top;
    /** log scale: the exponents of the lowest and highest decade; linear: unused */
    private final int lowDecade;
    private final int highDecade;
    private final boolean log;

    private Ticks(double step, double top, int lowDecade, int highDecade, boolean log) {
        this.step = step;
        this.top = top;
        this.lowDecade = lowDecade;
        this.highDecade = highDecade;
        this.log = log;
    }

    /** Linear ticks from 0 up to at least {@code max}, about {@code wanted} of them. */
    public static Ticks upTo(double max, int wanted) {
        double m = max > 0 && Double.isFinite(max) ? max : 1.0;
        double raw = m / Math.max(1, wanted);
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = mag;
        for (double f : new double[] {1, 2, 2.5, 5, 10}) {
            if (raw <= f * mag * 1.0000001) {
                step = f * mag;
                break;
            }
        }
        double top = Math.ceil(m / step - 1e-9) * step;
        return new Ticks(step, top, 0, 0, false);
    }

    /**
     * Logarithmic ticks over whole decades from at or below {@code min} to at or above {@code max}
     * (both positive; at least one decade). Non-positive or non-finite bounds fall back to 1..10.
     */
    public static Ticks logCovering(double min, double max) {
        double lo = min > 0 && Double.isFinite(min) ? min : 1;
        double hi = max > 0 && Double.isFinite(max) ? Math.max(max, lo) : Math.max(10, lo);
        // 1e-9 of slack: 1000 is decade 3, not 2.9999999 rounded up into a fourth
        int low = (int) Math.floor(Math.log10(lo) + 1e-9);
        int high = (int) Math.ceil(Math.log10(hi) - 1e-9);
        if (high <= low) {
            high = low + 1;
        }
        return new Ticks(Double.NaN, decade(high, 1), low, high, true);
    }

    /** True for a logarithmic scale. */
    public boolean log() {
        return log;
    }

    /** The axis's highest value. */
    public double top() {
        return top;
    }

    /** The axis's lowest value: 0 on a linear scale, the lowest decade on a log scale. */
    public double bottom() {
        return log ? decade(lowDecade, 1) : 0;
    }

    /** Where {@code v} lies between bottom (0) and top (1); values beyond the axis are clamped to it. */
    public double fraction(double v) {
        double f;
        if (log) {
            f = v > 0 ? (Math.log10(v) - lowDecade) / (highDecade - lowDecade) : 0;
        } else {
            f = v / top;
        }
        return Double.isNaN(f) ? 0 : Math.max(0, Math.min(1, f));
    }

    public List<Double> values() {
        List<Double> v = new ArrayList<>();
        if (log) {
            boolean between = highDecade - lowDecade <= 2;
            for (int k = lowDecade; k <= highDecade; k++) {
                v.add(decade(k, 1));
                if (between && k < highDecade) {
                    v.add(decade(k, 2));
                    v.add(decade(k, 5));
                }
            }
            return v;
        }
        int n = (int) Math.round(top / step);
        for (int i = 0; i <= n; i++) {
            v.add(i * step);
        }
        return v;
    }

    /** Label without trailing zeros or exponent; thousands separated as in sfssum readers' habits. */
    public String label(double v) {
        if (log) {
            BigDecimal b = new BigDecimal(String.format(Locale.ROOT, "%.12g", v)).stripTrailingZeros();
            return b.compareTo(BigDecimal.valueOf(1000)) >= 0 ? String.format(Locale.ROOT, "%,d", b.longValue())
                    : b.toPlainString();
        }
        if (step >= 1 && Math.abs(v - Math.rint(v)) < 1e-9) {
            return String.format(Locale.ROOT, "%,d", (long) Math.rint(v));
        }
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) + 1e-9));
        if (Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6) {
            decimals++;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code mantissa} x 10^{@code exponent}, exactly as written (0.001, not 0.0010000000000000002). */
    private static double decade(int exponent, int mantissa) {
        return new BigDecimal(mantissa + "E" + exponent).doubleValue();
    }
}
