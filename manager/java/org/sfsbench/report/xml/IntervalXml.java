package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One sampling interval of a load point's RUN phase (the time series). */
@JsonPropertyOrder({"seconds", "opsPerSec", "meanMsec", "p99Msec", "errors", "behindProcs"})
public final class IntervalXml {
    /** End of the interval, seconds since RUN started. */
    @XmlAttribute(required = true)
    public BigDecimal seconds;

    @XmlAttribute(required = true)
    public BigDecimal opsPerSec;

    /** Absent for an interval without completed ops. */
    @XmlAttribute
    public BigDecimal meanMsec;

    /** 99th percentile latency of the interval's ops; absent without ops and in documents that predate it. */
    @XmlAttribute
    public BigDecimal p99Msec;

    @XmlAttribute(required = true)
    public long errors;

    /** Procs more than 1 s behind their schedule at the end of the interval. */
    @XmlAttribute(required = true)
    public long behindProcs;
}
