package org.sfsbench.report.xml;

import java.io.InputStream;

import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.Source;
import javax.xml.transform.sax.SAXSource;

import jakarta.xml.bind.JAXBException;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

/** Shared helpers: a hardened XML input and readable messages from JAXB's nested exceptions. */
public final class JaxbErrors {
    private JaxbErrors() {
    }

    /** "line L, column C: message" of the innermost parse error, else the exception's message. */
    public static String describe(JAXBException e) {
        Throwable t = e.getLinkedException() != null ? e.getLinkedException() : e.getCause();
        for (int depth = 0; t != null && depth < 10; depth++) {
            if (t instanceof SAXParseException p) {
                // validation while writing has no position in a file
                return p.getLineNumber() < 0 ? p.getMessage()
                        : "line " + p.getLineNumber() + ", column " + p.getColumnNumber() + ": " + p.getMessage();
            }
            t = t.getCause();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** A namespace-aware source that refuses DOCTYPEs (no entity expansion, no external fetches). */
    public static Source safeSource(InputStream in, String systemId) {
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            XMLReader r = f.newSAXParser().getXMLReader();
            InputSource is = new InputSource(in);
            is.setSystemId(systemId);
            return new SAXSource(r, is);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("XML parser cannot be configured safely: " + e, e);
        }
    }
}
