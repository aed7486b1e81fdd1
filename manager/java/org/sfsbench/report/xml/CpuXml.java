package org.sfsbench.report.xml;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/**
 * Client CPU over the RUN window (docs/results.md "Client CPU"): the host's busy, user and system
 * time as percentages of all its CPUs, and the worker process's own CPU time as a percentage of one
 * CPU and in microseconds per op.
 */
@JsonPropertyOrder({"hostBusyPercent", "hostUserPercent", "hostSystemPercent", "hostCpus", "processPercent",
    "processUsecPerOp"})
public final class CpuXml {
    @XmlAttribute(required = true)
    public BigDecimal hostBusyPercent;

    @XmlAttribute(required = true)
    public BigDecimal hostUserPercent;

    @XmlAttribute(required = true)
    public BigDecimal hostSystemPercent;

    @XmlAttribute(required = true)
    public int hostCpus;

    @XmlAttribute(required = true)
    public BigDecimal processPercent;

    @XmlAttribute(required = true)
    public BigDecimal processUsecPerOp;
}
