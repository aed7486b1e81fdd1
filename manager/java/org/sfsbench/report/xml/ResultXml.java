package org.sfsbench.report.xml;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import jakarta.xml.bind.Unmarshaller;

import org.sfsbench.results.ResultFiles;

/**
 * Writes and reads {@code sfsresult.<suffix>.xml}. Both directions validate against
 * {@code sfsresult.xsd}: a document that would not validate is never written, and a file that does
 * not validate is refused with the line and column of the first problem.
 */
public final class ResultXml {
    private static JAXBContext context;

    private ResultXml() {
    }

    static synchronized JAXBContext context() {
        if (context == null) {
            try {
                context = JAXBContext.newInstance(ResultDocument.class);
            } catch (JAXBException e) {
                throw new IllegalStateException("JAXB cannot bind the result classes: " + e, e);
            }
        }
        return context;
    }

    /** Builds the binding and the schema ahead of the first read or write (each is built once). */
    public static void prepare() {
        context();
        Schemas.result();
    }

    public static void write(ResultDocument doc, Path file) throws IOException {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        write(doc, text);   // a document the schema refuses is never written
        ResultFiles.write(file, text.toByteArray());
    }

    public static void write(ResultDocument doc, OutputStream out) throws IOException {
        try {
            Marshaller m = context().createMarshaller();
            m.setProperty(Marshaller.JAXB_FORMATTED_OUTPUT, Boolean.TRUE);
            m.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
            m.setSchema(Schemas.result());
            m.marshal(doc, out);
        } catch (JAXBException e) {
            throw new XmlFormatException("result document does not match sfsresult.xsd: " + JaxbErrors.describe(e), e);
        }
    }

    public static ResultDocument read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    public static ResultDocument read(InputStream in, String name) throws IOException {
        try {
            Unmarshaller u = context().createUnmarshaller();
            u.setSchema(Schemas.result());
            Object o = u.unmarshal(JaxbErrors.safeSource(in, name));
            return (ResultDocument) o;
        } catch (JAXBException e) {
            throw new XmlFormatException(name + ": not a valid sfsbench result (sfsresult.xsd): "
                    + JaxbErrors.describe(e), e);
        }
    }
}
