package org.sfsbench.report.xml;

import jakarta.xml.bind.annotation.XmlAttribute;

/** One rc variable and the value the run used. */
public final class SettingXml {
    @XmlAttribute(required = true)
    public String name;

    @XmlAttribute(required = true)
    public String value;

    public SettingXml() {
    }

    public SettingXml(String name, String value) {
        this.name = name;
        this.value = value;
    }
}
