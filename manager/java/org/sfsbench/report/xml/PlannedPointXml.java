package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One planned load point: the aggregate load and what each proc is asked for. */
@JsonPropertyOrder({"index", "requestedOpsPerSec", "perProcOpsPerSec"})
public final class PlannedPointXml {
    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public long requestedOpsPerSec;

    @XmlAttribute(required = true)
    public long perProcOpsPerSec;
}
