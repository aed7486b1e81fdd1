package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One client's clock at one load point: offset, uncertainty, phase-start lags (docs/running.md, "Clocks"). */
@JsonPropertyOrder({"offsetMs", "uncertaintyMs", "warmupLagMs", "runLagMs", "steps", "slowestAnswerMs", "behindProcs"})
public final class ClockXml {
    @XmlAttribute(required = true)
    public BigDecimal offsetMs;

    @XmlAttribute(required = true)
    public BigDecimal uncertaintyMs;

    /** Absent when the client's WARMUP start was not seen. */
    @XmlAttribute
    public BigDecimal warmupLagMs;

    /** Absent when the client's RUN start was not seen. */
    @XmlAttribute
    public BigDecimal runLagMs;

    @XmlAttribute(required = true)
    public int steps;

    @XmlAttribute(required = true)
    public BigDecimal slowestAnswerMs;

    @XmlAttribute(required = true)
    public long behindProcs;
}
