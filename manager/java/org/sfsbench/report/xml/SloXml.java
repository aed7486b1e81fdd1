package org.sfsbench.report.xml;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/** The SLO search of a run (docs/slo.md): its answer, bracket and every probe. */
@JsonPropertyOrder({"slo", "answer", "outcome", "capacityOpsPerSec", "bracketLowOpsPerSec", "bracketHighOpsPerSec",
    "topSpeedOpsPerSec", "topSpeedStep", "precisionPct", "confirm", "samplesNeeded", "probes"})
public final class SloXml {
    /** The terms, e.g. "p99 <= 5 ms". */
    @XmlAttribute(required = true)
    public String slo;

    /** The answer line, as the console prints it. */
    @XmlAttribute(required = true)
    public String answer;

    /** met, none or unsettled. */
    @XmlAttribute(required = true)
    public String outcome;

    @XmlAttribute(required = true)
    public BigDecimal capacityOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal bracketLowOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal bracketHighOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal topSpeedOpsPerSec;

    @XmlAttribute(required = true)
    public int topSpeedStep;

    @XmlAttribute(required = true)
    public BigDecimal precisionPct;

    @XmlAttribute(required = true)
    public int confirm;

    @XmlAttribute(required = true)
    public long samplesNeeded;

    @XmlElement(name = "probe")
    public List<SloProbeXml> probes = new ArrayList<>();
}
