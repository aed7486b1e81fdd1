package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * The spread of one figure over a point's trials: mean, sample standard deviation, extremes and
 * the Student-t confidence interval of the mean. Derived from the trials; written, not read back.
 */
@JsonPropertyOrder({"metric", "trials", "mean", "sd", "min", "max", "ciLow", "ciHigh", "confidence"})
public final class SpreadXml {
    /** "opsPerSec", "msecPerOp" or "p99Msec". */
    @XmlAttribute(required = true)
    public String metric;

    @XmlAttribute(required = true)
    public int trials;

    @XmlAttribute(required = true)
    public BigDecimal mean;

    @XmlAttribute(required = true)
    public BigDecimal sd;

    @XmlAttribute(required = true)
    public BigDecimal min;

    @XmlAttribute(required = true)
    public BigDecimal max;

    @XmlAttribute(required = true)
    public BigDecimal ciLow;

    @XmlAttribute(required = true)
    public BigDecimal ciHigh;

    @XmlAttribute(required = true)
    public BigDecimal confidence;
}
