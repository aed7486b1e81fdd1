package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** Failed ops of one op type that ended with one protocol status (NFS3ERR_*, NTSTATUS or errno). */
@JsonPropertyOrder({"op", "status", "statusText", "count"})
public final class ErrorXml {
    @XmlAttribute(required = true)
    public String op;

    /** Numeric status as the backend reported it. */
    @XmlAttribute(required = true)
    public int status;

    /** The status in its usual notation, e.g. NFS3ERR_NOENT. */
    @XmlAttribute
    public String statusText;

    @XmlAttribute(required = true)
    public long count;
}
