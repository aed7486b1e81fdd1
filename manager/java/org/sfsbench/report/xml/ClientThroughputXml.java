package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** Achieved throughput of one client at one load point. */
@JsonPropertyOrder({"client", "index", "opsPerSec"})
public final class ClientThroughputXml {
    @XmlAttribute(required = true)
    public String client;

    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public BigDecimal opsPerSec;
}
