package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * A paced loadfile replay's lag over RUN: percentiles of every op's send time minus the time its
 * schedule gave it (docs/loadfile.md, "Timing").
 */
@JsonPropertyOrder({"ops", "p50Msec", "p90Msec", "p99Msec", "maxMsec"})
public final class ReplayLagXml {
    @XmlAttribute(required = true)
    public long ops;

    @XmlAttribute(required = true)
    public BigDecimal p50Msec;

    @XmlAttribute(required = true)
    public BigDecimal p90Msec;

    @XmlAttribute(required = true)
    public BigDecimal p99Msec;

    @XmlAttribute(required = true)
    public BigDecimal maxMsec;
}
