package org.sfsbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * "Nice" axis ticks (1, 2, 2.5, 5 x 10^n steps) covering [0, max], so axes read like hand-drawn ones:
 * 0 5 10 15 20 rather than 0 4.3 8.6.
 */
public final class Ticks {
    private final double step;
    private final double top;

    private Ticks(double step, double top) {
        this.step = step;
        this.top = top;
    }

    /** Ticks from 0 up to at least {@code max}, about {@code wanted} of them. */
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
        return new Ticks(step, top);
    }

    public double top() {
        return top;
    }

    public double step() {
        return step;
    }

    public List<Double> values() {
        List<Double> v = new ArrayList<>();
        int n = (int) Math.round(top / step);
        for (int i = 0; i <= n; i++) {
            v.add(i * step);
        }
        return v;
    }

    /** Label without trailing zeros or exponent; thousands separated as in sfssum readers' habits. */
    public String label(double v) {
        if (step >= 1 && Math.abs(v - Math.rint(v)) < 1e-9) {
            return String.format(java.util.Locale.ROOT, "%,d", (long) Math.rint(v));
        }
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) + 1e-9));
        if (Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6) {
            decimals++;
        }
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", v);
    }
}
