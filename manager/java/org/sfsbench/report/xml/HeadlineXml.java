package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/**
 * What every output of the run leads with, in its workload's terms, and which rules decided its
 * verdict (the rules themselves are in {@code disclosability}).
 */
@JsonPropertyOrder({"rules", "valid", "lines"})
public final class HeadlineXml {
    /** sfs2008, access, loadfile or top-speed. */
    @XmlAttribute(required = true)
    public String rules;

    /** Every check of those rules passed. */
    @XmlAttribute(required = true)
    public boolean valid;

    @XmlElement(name = "line", required = true)
    public List<String> lines = new ArrayList<>();
}
