package org.sfsbench.report.xml;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlList;

/** One judged probe of an SLO search; latencies in msec from each op's intended start. */
@JsonPropertyOrder({"number", "kind", "requestedOpsPerSec", "achievedOpsPerSec", "seconds", "windows", "extraWindows", "samples",
    "samplesNeeded", "meanMsec", "p50Msec", "p90Msec", "p99Msec", "p999Msec", "failedOps", "verdict", "reason",
    "termMsec"})
public final class SloProbeXml {
    @XmlAttribute(required = true)
    public int number;

    /** top, bisect or confirm. */
    @XmlAttribute(required = true)
    public String kind;

    @XmlAttribute(required = true)
    public BigDecimal requestedOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal achievedOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal seconds;

    /** Measured windows; more than one when the probe was lengthened for the sample rule or measured again. */
    @XmlAttribute(required = true)
    public int windows;

    /** Why each window after the first was measured: samples, stall or uncertain; null for one window. */
    @XmlAttribute
    @XmlList
    public List<String> extraWindows;

    @XmlAttribute(required = true)
    public long samples;

    @XmlAttribute(required = true)
    public long samplesNeeded;

    @XmlAttribute
    public BigDecimal meanMsec;

    @XmlAttribute
    public BigDecimal p50Msec;

    @XmlAttribute
    public BigDecimal p90Msec;

    @XmlAttribute
    public BigDecimal p99Msec;

    @XmlAttribute
    public BigDecimal p999Msec;

    @XmlAttribute(required = true)
    public long failedOps;

    /** pass, fail or too-few-samples. */
    @XmlAttribute(required = true)
    public String verdict;

    /** Why it did not pass; absent when it passed. */
    @XmlAttribute
    public String reason;

    /** Each SLO term's statistic, in the SLO's order. */
    @XmlElement(name = "term")
    public List<BigDecimal> termMsec = new ArrayList<>();
}
