package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/** The run plan: phases' durations and the requested load of every point. */
@JsonPropertyOrder({"totalProcs", "warmupSeconds", "runSeconds", "points"})
public final class PlanXml {
    @XmlAttribute(required = true)
    public int totalProcs;

    /** WARMUP_TIME of the rc file (absent when it is not a whole number). */
    @XmlAttribute
    public Long warmupSeconds;

    /** RUNTIME of the rc file. */
    @XmlAttribute
    public Long runSeconds;

    @XmlElement(name = "point")
    public List<PlannedPointXml> points = new ArrayList<>();
}
