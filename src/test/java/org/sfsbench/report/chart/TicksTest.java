package org.sfsbench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** Axis scaling: linear nice ticks, log decades, and where a value lands on each. */
class TicksTest {
    @Test
    void linearTicksAreNiceStepsFromZero() {
        Ticks t = Ticks.upTo(21, 6);
        assertFalse(t.log());
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0, 25.0), t.values());
        assertEquals(0, t.bottom());
        assertEquals(0.4, t.fraction(10), 1e-12);
        assertEquals("2.5", Ticks.upTo(12, 5).label(2.5));
    }

    @Test
    void logTicksCoverWholeDecadesOfTheData() {
        // the SLO case: paced probes at 0.2 ms, a 1 ms bound, the top speed's tail at 700 ms
        Ticks t = Ticks.logCovering(0.2, 700);
        assertTrue(t.log());
        assertEquals(List.of(0.1, 1.0, 10.0, 100.0, 1000.0), t.values());
        assertEquals(List.of("0.1", "1", "10", "100", "1,000"), t.values().stream().map(t::label).toList());
        assertEquals(0.1, t.bottom(), 0);
        assertEquals(1000, t.top(), 0);
        assertEquals(0.25, t.fraction(1), 1e-12, "1 ms: one decade of four above the bottom");
        assertEquals(Math.log10(2) / 4, t.fraction(0.2), 1e-12);
        assertEquals(0.25 + Math.log10(2.28) / 4, t.fraction(2.28), 1e-12);
    }

    @Test
    void exactDecadesAreNotRoundedIntoAnExtraOne() {
        Ticks t = Ticks.logCovering(0.001, 1000);
        assertEquals(0.001, t.bottom(), 0);
        assertEquals(1000, t.top(), 0);
        assertEquals("0.001", t.label(t.values().get(0)));
        assertEquals(7, t.values().size(), "six decades, no 2 and 5 between");
    }

    @Test
    void narrowSpansGetTwoAndFiveBetweenTheDecades() {
        Ticks t = Ticks.logCovering(0.186, 0.248);
        assertEquals(List.of(0.1, 0.2, 0.5, 1.0), t.values());
        assertEquals(List.of("0.1", "0.2", "0.5", "1"), t.values().stream().map(t::label).toList());
        assertTrue(t.fraction(0.248) - t.fraction(0.228) > 0.03, "0.228 and 0.248 apart");
    }

    @Test
    void valuesOffTheAxisAreClampedAndBadBoundsFallBack() {
        Ticks t = Ticks.logCovering(1, 100);
        assertEquals(0, t.fraction(0), "a 0 sits on the x axis");
        assertEquals(0, t.fraction(0.01));
        assertEquals(1, t.fraction(1e6));
        assertEquals(0, t.fraction(Double.NaN));
        Ticks none = Ticks.logCovering(Double.POSITIVE_INFINITY, 0);
        assertEquals(List.of(1.0, 2.0, 5.0, 10.0), none.values());
    }

    @Test
    void lineChartTurnsLogWhenTheDataSpanMoreThanADecade() {
        LineChart.Series wide = new LineChart.Series("runs", "#000000", List.of(new LineChart.Point(100, 0.2, "base"),
                new LineChart.Point(120, 206, "run")), "p");
        String svg = new LineChart("c", "t", "x", "y").yScale(LineChart.YScale.LOG_WHEN_WIDE).add(wide).svg();
        assertTrue(svg.contains("y (log scale)"), svg);
        double base = cy(svg, "base");
        double run = cy(svg, "run");
        double bottom = 420 - 78;
        // 0.1..1000: 0.2 is log10(2)/4 of the plot's height above its bottom, not on it
        assertEquals(bottom - (bottom - 44) * Math.log10(2) / 4, base, 0.01);
        assertTrue(bottom - base > 20, "the 0.2 ms baseline stands off the axis: " + base);
        assertTrue(base - run > 150, "206 ms far above it");
        LineChart.Series narrow = new LineChart.Series("runs", "#000000", List.of(new LineChart.Point(100, 2, "a"),
                new LineChart.Point(120, 3, "b")), "p");
        String lin = new LineChart("c", "t", "x", "y").yScale(LineChart.YScale.LOG_WHEN_WIDE).add(narrow).svg();
        assertFalse(lin.contains("log scale"), "within a decade the axis stays linear");
    }

    private static double cy(String svg, String tooltip) {
        Matcher m = Pattern.compile("cy=\"([0-9.]+)\"[^>]*><title>" + tooltip + "</title>").matcher(svg);
        assertTrue(m.find(), "no marker " + tooltip);
        return Double.parseDouble(m.group(1));
    }
}
