/**
 * The published result document {@code sfsresult.<suffix>.xml} / {@code .json}: JAXB classes that
 * mirror {@code sfsresult.xsd} one to one. They are separate from the result model
 * (org.sfsbench.results.model) so that the file format is versioned on its own and the model stays
 * free of serialisation concerns; {@link org.sfsbench.report.ResultMapping} converts both ways.
 * Fields are public and annotation-driven so that Jackson writes the same names to JSON.
 */
@XmlSchema(namespace = ResultDocument.NAMESPACE, elementFormDefault = XmlNsForm.QUALIFIED,
        xmlns = @XmlNs(prefix = "", namespaceURI = ResultDocument.NAMESPACE))
@XmlAccessorType(XmlAccessType.FIELD)
package org.sfsbench.report.xml;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNs;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
