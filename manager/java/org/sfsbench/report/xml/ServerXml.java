package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * The server's own figures over the RUN window (SERVER_MON, docs/live.md) and the sanity check of
 * the clients' load against them. Figures not measured are absent; {@code missing} says why.
 */
@JsonPropertyOrder({"cpuBusyPercent", "cpuUserPercent", "cpuSystemPercent", "cpuIowaitPercent", "cpuUsecPerOp",
    "netRxMBps", "netTxMBps", "diskReadMBps", "diskWriteMBps", "diskReadIops", "diskWriteIops", "nfsdCalls",
    "flagged", "netCheck", "nfsCheck", "missing"})
public final class ServerXml {
    @XmlAttribute
    public BigDecimal cpuBusyPercent;

    @XmlAttribute
    public BigDecimal cpuUserPercent;

    @XmlAttribute
    public BigDecimal cpuSystemPercent;

    @XmlAttribute
    public BigDecimal cpuIowaitPercent;

    @XmlAttribute
    public BigDecimal cpuUsecPerOp;

    @XmlAttribute
    public BigDecimal netRxMBps;

    @XmlAttribute
    public BigDecimal netTxMBps;

    @XmlAttribute
    public BigDecimal diskReadMBps;

    @XmlAttribute
    public BigDecimal diskWriteMBps;

    @XmlAttribute
    public BigDecimal diskReadIops;

    @XmlAttribute
    public BigDecimal diskWriteIops;

    @XmlAttribute
    public Long nfsdCalls;

    @XmlAttribute(required = true)
    public boolean flagged;

    @XmlAttribute
    public String netCheck;

    @XmlAttribute
    public String nfsCheck;

    @XmlAttribute
    public String missing;

}
