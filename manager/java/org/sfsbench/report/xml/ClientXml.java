package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** One load-generating client, as listed in CLIENTS. */
@JsonPropertyOrder({"index", "name", "procs"})
public final class ClientXml {
    /** 1-based, as in the client log names sfsc0001.&lt;suffix&gt;. */
    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public String name;

    @XmlAttribute(required = true)
    public int procs;

    /** The operating system its agent ran (os.name and os.arch of its JVM); absent when not known. */
    @XmlAttribute
    public String os;
}
