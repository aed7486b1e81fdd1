package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** How a steady-state warm-up ended (WARMUP_TIME=steady, docs/steady-state.md). */
@JsonPropertyOrder({"seconds", "maxSeconds", "settled", "percentile", "throughputDriftPct", "percentileDriftPct",
        "meanDriftPct"})
public final class WarmupXml {
    /** Seconds from the start of WARMUP to the start of RUN. */
    @XmlAttribute(required = true)
    public BigDecimal seconds;

    /** WARMUP_MAX. */
    @XmlAttribute(required = true)
    public int maxSeconds;

    /** False when the cap ended the warm-up before throughput and the percentile stopped drifting. */
    @XmlAttribute(required = true)
    public boolean settled;

    /** The latency percentile judged, e.g. 99. */
    @XmlAttribute(required = true)
    public BigDecimal percentile;

    /** At the end: change of the ops/s line across the window, % of its mean; absent when no full window was judged. */
    @XmlAttribute
    public BigDecimal throughputDriftPct;

    /** At the end: difference of the window halves' percentiles, % of the window's; absent likewise. */
    @XmlAttribute
    public BigDecimal percentileDriftPct;

    /** At the end: difference of the window halves' mean latencies, % of the window's; absent likewise. */
    @XmlAttribute
    public BigDecimal meanDriftPct;
}
