package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/** Achieved throughput, MB/s and CPU of one client at one load point. */
@JsonPropertyOrder({"client", "index", "opsPerSec", "mbPerSec", "cpu", "clock"})
public final class ClientThroughputXml {
    @XmlAttribute(required = true)
    public String client;

    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public BigDecimal opsPerSec;

    /** MB/s (10^6 bytes) this client read + wrote; absent when not known. */
    @XmlAttribute
    public BigDecimal mbPerSec;

    /** Absent when the client's CPU was not measured. */
    @XmlElement
    public CpuXml cpu;

    /** Absent when the client's clock was not measured. */
    @XmlElement
    public ClockXml clock;
}
