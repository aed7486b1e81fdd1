package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One run rule and its outcome for this run. */
@JsonPropertyOrder({"id", "passed", "description", "detail"})
public final class RuleCheckXml {
    @XmlAttribute(required = true)
    public String id;

    @XmlAttribute(required = true)
    public boolean passed;

    @XmlAttribute(required = true)
    public String description;

    @XmlAttribute
    public String detail;
}
