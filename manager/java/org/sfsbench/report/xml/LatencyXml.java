package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** Response-time summary in milliseconds; percentiles come from the merged histograms. */
@JsonPropertyOrder({"meanMsec", "p50Msec", "p90Msec", "p99Msec", "p999Msec", "maxMsec"})
public final class LatencyXml {
    @XmlAttribute(required = true)
    public BigDecimal meanMsec;

    @XmlAttribute(required = true)
    public BigDecimal p50Msec;

    @XmlAttribute(required = true)
    public BigDecimal p90Msec;

    @XmlAttribute(required = true)
    public BigDecimal p99Msec;

    @XmlAttribute(required = true)
    public BigDecimal p999Msec;

    @XmlAttribute(required = true)
    public BigDecimal maxMsec;
}
