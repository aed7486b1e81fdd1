package org.sfsbench.report.xml;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlType;

/** One trial of a load point measured TRIALS times (docs/compare.md). */
@XmlType(propOrder = {"intervals"})
@JsonPropertyOrder({"trial", "startTime", "achievedOpsPerSec", "throughputMBps", "msecPerOp", "p99Msec",
    "totalOps", "failedOps", "seconds", "cpuUsPerOp", "intervals"})
public final class TrialXml {
    @XmlAttribute(required = true)
    public int trial;

    @XmlAttribute
    public String startTime;

    @XmlAttribute(required = true)
    public BigDecimal achievedOpsPerSec;

    /** Absent when bytes are not known. */
    @XmlAttribute
    public BigDecimal throughputMBps;

    @XmlAttribute(required = true)
    public BigDecimal msecPerOp;

    @XmlAttribute(required = true)
    public BigDecimal p99Msec;

    @XmlAttribute(required = true)
    public long totalOps;

    @XmlAttribute(required = true)
    public long failedOps;

    @XmlAttribute(required = true)
    public BigDecimal seconds;

    /** Client worker CPU per op; absent when not measured. */
    @XmlAttribute
    public BigDecimal cpuUsPerOp;

    @XmlElementWrapper(name = "intervals", required = true)
    @XmlElement(name = "interval")
    public List<IntervalXml> intervals = new ArrayList<>();
}
