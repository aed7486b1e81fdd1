package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** What a load point was as one step of a LOAD=max run (docs/top-speed.md). */
@JsonPropertyOrder({"kind", "procsPerClient", "perProcOpsPerSec", "curvePct", "rampSeconds", "knee"})
public final class StepXml {
    /** max, procs (a STEP_PROCS step) or curve (a CURVE_PCTS point). */
    @XmlAttribute(required = true)
    public String kind;

    /** Procs of each client that generated load in this step. */
    @XmlAttribute(required = true)
    public int procsPerClient;

    /** Ops/s asked of each proc; 0 = unpaced. */
    @XmlAttribute(required = true)
    public BigDecimal perProcOpsPerSec;

    /** A curve point's percentage of the measured maximum; absent for the other kinds. */
    @XmlAttribute
    public Integer curvePct;

    /** Seconds of load before the measured part. */
    @XmlAttribute(required = true)
    public int rampSeconds;

    /** True for the last step before throughput stopped growing. */
    @XmlAttribute(required = true)
    public boolean knee;
}
