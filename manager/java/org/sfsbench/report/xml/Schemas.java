package org.sfsbench.report.xml;

import java.net.URL;

import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;

import org.xml.sax.SAXException;

/** The XML schemas shipped in the jar, loaded once each. */
public final class Schemas {
    /** Class-path location of the result schema (docs/sfsresult.xsd, copied by Maven). */
    public static final String RESULT_XSD = "/org/sfsbench/report/sfsresult.xsd";
    /** Class-path location of the submission schema (docs/sfssubmission.xsd, copied by Maven); imports the result schema. */
    public static final String SUBMISSION_XSD = "/org/sfsbench/report/sfssubmission.xsd";

    private static Schema result;
    private static Schema submission;

    private Schemas() {
    }

    public static synchronized Schema result() {
        if (result == null) {
            result = load(RESULT_XSD);
        }
        return result;
    }

    public static synchronized Schema submission() {
        if (submission == null) {
            submission = load(SUBMISSION_XSD);
        }
        return submission;
    }

    private static Schema load(String resource) {
        URL url = Schemas.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("schema " + resource + " is missing from the class path (broken build)");
        }
        try {
            SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            // only the schemas beside this one (jar: or file:), never the network
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file,jar");
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            return f.newSchema(url);
        } catch (SAXException e) {
            throw new IllegalStateException("schema " + resource + " does not compile: " + e.getMessage(), e);
        }
    }
}
