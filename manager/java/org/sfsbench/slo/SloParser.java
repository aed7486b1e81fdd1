package org.sfsbench.slo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the terms of SLO="...": {@code STAT <= BOUND UNIT}, joined by {@code and}, where STAT is
 * p50..p99.99 or mean and UNIT is us (or µs) or ms. Spaces around the parts are optional.
 */
public final class SloParser {
    /** What an SLO looks like, for error messages. */
    public static final String FORM = "terms \"STAT <= BOUND UNIT\" joined by \"and\": STAT p50..p99.99 or mean,"
            + " UNIT us or ms, e.g. \"p99 <= 5 ms\" or \"p99.9 <= 20 ms and mean <= 2 ms\"";
    /** The clock's resolution: every latency is a whole number of microseconds. */
    static final double MIN_BOUND_US = 1;
    /** A minute: beyond it no op is answered in time for a probe to measure it. */
    static final double MAX_BOUND_US = 60_000_000;
    private static final Pattern TERM = Pattern.compile(
            "(mean|p(\\d{1,3}(?:\\.\\d{1,4})?))\\s*<=\\s*(\\d{1,9}(?:\\.\\d{1,6})?)\\s*(us|µs|ms)");
    private static final Pattern AND = Pattern.compile("\\s+and\\s+");

    private SloParser() {
    }

    public static List<SloTerm> parse(String text) throws SloSyntaxException {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new SloSyntaxException("is empty");
        }
        List<SloTerm> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String part : AND.split(t, -1)) {
            Matcher m = TERM.matcher(part.trim());
            if (!m.matches()) {
                throw new SloSyntaxException("'" + part.trim() + "' is not a term");
            }
            double q = Double.NaN;
            if (m.group(2) != null) {
                q = Double.parseDouble(m.group(2));
                if (q < 50 || q > 99.99) {
                    throw new SloSyntaxException("percentile " + m.group(1) + " is outside p50..p99.99");
                }
            }
            double bound = Double.parseDouble(m.group(3));
            if (!(bound > 0)) {
                throw new SloSyntaxException("the bound of '" + part.trim() + "' is not above 0");
            }
            String unit = m.group(4).equals("ms") ? "ms" : "us";
            SloTerm term = new SloTerm(q, unit.equals("ms") ? bound * 1000 : bound, m.group(3) + " " + unit);
            if (term.boundUs() < MIN_BOUND_US) {
                throw new SloSyntaxException("the bound of '" + part.trim() + "' is below 1 us: latencies are measured"
                        + " in whole microseconds");
            }
            if (term.boundUs() > MAX_BOUND_US) {
                throw new SloSyntaxException("the bound of '" + part.trim() + "' is above 60000 ms: an op that long is"
                        + " a stall, not a latency to search a capacity at");
            }
            if (!seen.add(term.statistic())) {
                throw new SloSyntaxException(term.statistic() + " is bounded twice");
            }
            out.add(term);
        }
        return out;
    }
}
