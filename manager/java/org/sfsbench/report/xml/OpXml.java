package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** One op type within a load point: how many, how many failed, its share of the mix, its latency. */
@XmlType(propOrder = {"latency"})
@JsonPropertyOrder({"name", "count", "errors", "targetPercent", "achievedPercent", "opsPerSec", "bytes", "mbPerSec", "late",
    "physical", "latency"})
public final class OpXml {
    @XmlAttribute(required = true)
    public String name;

    /** Logical ops completed, failed ones included. */
    @XmlAttribute(required = true)
    public long count;

    @XmlAttribute(required = true)
    public long errors;

    /** The mix's share of this op, percent (0 when the op is not in the mix). */
    @XmlAttribute(required = true)
    public BigDecimal targetPercent;

    @XmlAttribute(required = true)
    public BigDecimal achievedPercent;

    @XmlAttribute(required = true)
    public BigDecimal opsPerSec;

    /** Payload bytes moved. */
    @XmlAttribute(required = true)
    public long bytes;

    /** MB/s: bytes / seconds / 10^6. */
    @XmlAttribute
    public BigDecimal mbPerSec;

    /** Ops sent more than 1 ms after their intended start. */
    @XmlAttribute(required = true)
    public long late;

    /** Protocol requests (RPCs, chunks, COMMITs) behind the logical ops. */
    @XmlAttribute(required = true)
    public long physical;

    /** Absent when the op never completed. */
    @XmlElement
    public LatencyXml latency;
}
