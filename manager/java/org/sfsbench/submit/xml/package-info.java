/**
 * The submission file {@code sfssubmission.<suffix>.xml}: the system description and the whole
 * result document, as described by {@code sfssubmission.xsd} (which imports {@code sfsresult.xsd}).
 */
@XmlSchema(namespace = SubmissionDocument.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED,
        xmlns = {@XmlNs(prefix = "", namespaceURI = SubmissionDocument.NAMESPACE),
            @XmlNs(prefix = "r", namespaceURI = ResultDocument.NAMESPACE)})
@XmlAccessorType(XmlAccessType.FIELD)
package org.sfsbench.submit.xml;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNs;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
import org.sfsbench.report.xml.ResultDocument;
