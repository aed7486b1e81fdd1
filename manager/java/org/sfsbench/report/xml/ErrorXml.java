package org.sfsbench.report.xml;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;

/** Failed ops of one op type that ended with one protocol status (NFS3ERR_*, NTSTATUS or errno). */
@JsonPropertyOrder({"op", "status", "count"})
public final class ErrorXml {
    @XmlAttribute(required = true)
    public String op;

    @XmlAttribute(required = true)
    public String status;

    @XmlAttribute(required = true)
    public long count;
}
