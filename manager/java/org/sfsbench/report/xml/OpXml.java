package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** One op type within a load point: how many, how many failed, its share of the mix, its latency. */
@XmlType(propOrder = {"latency"})
@JsonPropertyOrder({"name", "count", "errors", "targetPercent", "achievedPercent", "latency"})
public final class OpXml {
    @XmlAttribute(required = true)
    public String name;

    @XmlAttribute(required = true)
    public long count;

    @XmlAttribute(required = true)
    public long errors;

    /** The mix's share of this op (percent); absent for workloads without a fixed mix. */
    @XmlAttribute
    public BigDecimal targetPercent;

    @XmlAttribute(required = true)
    public BigDecimal achievedPercent;

    /** Absent when the op never completed. */
    @XmlElement
    public LatencyXml latency;
}
