package org.sfsbench.report.xml;

import jakarta.xml.bind.annotation.XmlAttribute;

/** The program that produced the result. */
public final class ToolXml {
    @XmlAttribute(required = true)
    public String name;

    @XmlAttribute(required = true)
    public String version;

    public ToolXml() {
    }

    public ToolXml(String name, String version) {
        this.name = name;
        this.version = version;
    }
}
