package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * The run's headline: "N ops/sec (Overall Response Time = X msec)". Peak throughput is the highest
 * achieved throughput among points at or below the response-time limit; ORT is the area under the
 * response-time curve from the origin divided by that peak.
 */
@JsonPropertyOrder({"peakThroughputOpsPerSec", "overallResponseTimeMsec", "overallResponseTimeNoOriginMsec",
    "responseTimeLimitMsec"})
public final class MetricsXml {
    /** Absent when no point is at or below the limit. */
    @XmlAttribute
    public BigDecimal peakThroughputOpsPerSec;

    @XmlAttribute
    public BigDecimal overallResponseTimeMsec;

    /** Secondary figure: the same area without the origin point (SPECstorage 2020 convention). */
    @XmlAttribute
    public BigDecimal overallResponseTimeNoOriginMsec;

    @XmlAttribute(required = true)
    public BigDecimal responseTimeLimitMsec;
}
