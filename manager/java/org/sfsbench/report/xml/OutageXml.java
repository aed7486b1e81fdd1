package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One outage ridden through in RUN (OUTAGE=ride, docs/running.md "Outages"); seconds from RUN's start. */
@JsonPropertyOrder({"beginSeconds", "endSeconds", "resent", "failed", "reconnects", "reopened", "lost",
        "recoverySeconds", "p99BeforeMs", "p99DuringMs", "p99AfterMs"})
public final class OutageXml {
    @XmlAttribute(required = true)
    public BigDecimal beginSeconds;

    /** Absent when it lasted to the end of RUN. */
    @XmlAttribute
    public BigDecimal endSeconds;

    @XmlAttribute(required = true)
    public long resent;

    @XmlAttribute(required = true)
    public long failed;

    @XmlAttribute(required = true)
    public long reconnects;

    @XmlAttribute(required = true)
    public long reopened;

    @XmlAttribute(required = true)
    public long lost;

    /** From its begin until ops/s was back to 90 % of the level before; absent if never within RUN. */
    @XmlAttribute
    public BigDecimal recoverySeconds;

    /** p99 latency of the ops completed before, during and after it; absent when there were none. */
    @XmlAttribute
    public BigDecimal p99BeforeMs;

    @XmlAttribute
    public BigDecimal p99DuringMs;

    @XmlAttribute
    public BigDecimal p99AfterMs;
}
