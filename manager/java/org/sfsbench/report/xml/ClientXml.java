package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;

/** One load-generating client, as listed in CLIENTS. */
@JsonPropertyOrder({"index", "name", "procs", "mountPoints"})
public final class ClientXml {
    /** 1-based, as in the client log names sfsc0001.&lt;suffix&gt;. */
    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public String name;

    @XmlAttribute(required = true)
    public int procs;

    @XmlElement(name = "mountPoint")
    public List<String> mountPoints = new ArrayList<>();
}
