package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * Response-time summary in milliseconds, measured from each op's intended start; percentiles come
 * from the merged histograms. {@code meanServiceMsec} is measured from the actual send.
 */
@JsonPropertyOrder({"meanMsec", "minMsec", "p50Msec", "p90Msec", "p99Msec", "p999Msec", "maxMsec",
    "meanServiceMsec"})
public final class LatencyXml {
    @XmlAttribute(required = true)
    public BigDecimal meanMsec;

    @XmlAttribute
    public BigDecimal minMsec;

    @XmlAttribute(required = true)
    public BigDecimal p50Msec;

    @XmlAttribute(required = true)
    public BigDecimal p90Msec;

    @XmlAttribute(required = true)
    public BigDecimal p99Msec;

    @XmlAttribute(required = true)
    public BigDecimal p999Msec;

    @XmlAttribute
    public BigDecimal maxMsec;

    @XmlAttribute
    public BigDecimal meanServiceMsec;
}
