package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/** Whether the run may be disclosed as a benchmark result, and every reason it may not. */
@JsonPropertyOrder({"disclosable", "reasons"})
public final class DisclosabilityXml {
    @XmlAttribute(required = true)
    public boolean disclosable;

    @XmlElement(name = "reason")
    public List<String> reasons = new ArrayList<>();
}
