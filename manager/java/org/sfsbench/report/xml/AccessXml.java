package org.sfsbench.report.xml;

import jakarta.xml.bind.annotation.XmlAttribute;

/** Which step of a WORKLOAD=access test a load point is: its spec, outstanding I/Os and workers. */
public final class AccessXml {
    /** The access specification's name. */
    @XmlAttribute(required = true)
    public String spec;

    /** I/Os each worker keeps in flight. */
    @XmlAttribute(required = true)
    public int outstandingIos;

    /** Active workers per client. */
    @XmlAttribute(required = true)
    public int workers;
}
