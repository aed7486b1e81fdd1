package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** Identity of the run: suffix, protocol and workload, when and where it ran. */
@JsonPropertyOrder({"suffix", "protocol", "workload", "rcFile", "startTime", "endTime", "complete", "failure"})
public final class RunXml {
    /** The -s suffix; names every result file of the run. */
    @XmlAttribute(required = true)
    public String suffix;

    /** NFS3, CIFS or POSIX, as in sfssum's protocol column. */
    @XmlAttribute(required = true)
    public String protocol;

    /** Workload name (sfs2008-nfs, sfs2008-cifs, mixfile, ...). */
    @XmlAttribute
    public String workload;

    /** The rc file as named on the command line. */
    @XmlAttribute
    public String rcFile;

    /** ISO-8601 instant, e.g. 2026-11-21T15:00:00Z. */
    @XmlAttribute
    public String startTime;

    @XmlAttribute
    public String endTime;

    /** False when the run stopped before its last load point. */
    @XmlAttribute(required = true)
    public boolean complete;

    /** Why the run stopped early. */
    @XmlAttribute
    public String failure;
}
