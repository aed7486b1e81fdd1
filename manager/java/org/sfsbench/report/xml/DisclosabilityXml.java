package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Whether the run may be disclosed as a benchmark result, every reason it may not, every rule checked. */
@XmlType(propOrder = {"reasons", "rules"})
@JsonPropertyOrder({"disclosable", "reasons", "rules"})
public final class DisclosabilityXml {
    @XmlAttribute(required = true)
    public boolean disclosable;

    @XmlElement(name = "reason")
    public List<String> reasons = new ArrayList<>();

    @XmlElement(name = "rule")
    public List<RuleCheckXml> rules = new ArrayList<>();
}
