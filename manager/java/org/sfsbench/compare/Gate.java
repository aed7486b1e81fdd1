package org.sfsbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A regression gate, e.g. {@code "ops/s < -5% or p99 > +10%"}: terms joined by "or", each a
 * metric, a comparison and a signed percentage change. A term trips on an aligned point only when
 * the change passes its threshold and the finding is {@link Verdict#SLOWER} or {@link Verdict#FASTER}
 * in that direction, i.e. beyond the noise too: a change that passes the threshold but is within
 * noise, or has no noise estimate, does not trip it.
 */
public final class Gate {
    private static final Pattern TERM = Pattern.compile(
            "\\s*([A-Za-z0-9/ ]+?)\\s*(<|>)\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*%\\s*");

    /** One term: metric, whether the change must be below (true) or above the threshold, in percent. */
    public record Term(Metric metric, boolean below, double percent) {
        boolean tripsOn(Finding f) {
            if (f.metric() != metric || Double.isNaN(f.changePercent())) {
                return false;
            }
            boolean beyond = below ? f.changePercent() < percent : f.changePercent() > percent;
            boolean real = f.verdict() == Verdict.SLOWER || f.verdict() == Verdict.FASTER;
            boolean sameWay = below == f.value() < f.base();
            return beyond && real && sameWay;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s %+.1f%%", metric.label(), below ? "<" : ">", percent);
        }
    }

    private final String text;
    private final List<Term> terms;

    private Gate(String text, List<Term> terms) {
        this.text = text;
        this.terms = List.copyOf(terms);
    }

    /** Parses the expression; an error names the term it could not read. */
    public static Gate parse(String expression) {
        List<Term> terms = new ArrayList<>();
        for (String part : expression.split("(?i)\\s+or\\s+")) {
            Matcher m = TERM.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("--fail-if: cannot read '" + part.trim()
                        + "' (expected METRIC < -N% or METRIC > +N%, e.g. \"ops/s < -5% or p99 > +10%\")");
            }
            terms.add(new Term(Metric.named(m.group(1)), "<".equals(m.group(2)), Double.parseDouble(m.group(3))));
        }
        return new Gate(expression, terms);
    }

    public List<Term> terms() {
        return terms;
    }

    /** One line per finding that trips a term, e.g. "load 400: ops/s -12.0 % (slower, p = 0.001) trips ops/s < -5.0%". */
    public List<String> trips(Comparison c) {
        List<String> out = new ArrayList<>();
        for (Finding f : c.findings()) {
            for (Term t : terms) {
                if (t.tripsOn(f)) {
                    out.add(String.format(Locale.ROOT, "%s, %s: %s %+.1f %% (%s, p = %.3g) trips %s", f.run(), f.point(),
                            f.metric().label(), f.changePercent(), f.verdict().text(), f.p(), t));
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return text;
    }
}
