package org.sfsbench.compare;

/** What a change of one figure is, judged against the noise of both runs. */
public enum Verdict {
    /** Better beyond the noise (more ops/s or MB/s, less latency or CPU per op). */
    FASTER("faster"),
    /** Worse beyond the noise. */
    SLOWER("slower"),
    /** The difference is within what the runs' own spread explains. */
    WITHIN_NOISE("within noise"),
    /** One side has no spread (a single number), so no test was possible. */
    NO_ESTIMATE("no noise estimate"),
    /** The figure is missing on one side. */
    MISSING("-");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
