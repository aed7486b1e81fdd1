package org.sfsbench.submit.xml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import jakarta.xml.bind.Unmarshaller;
import org.sfsbench.report.xml.JaxbErrors;
import org.sfsbench.report.xml.Schemas;
import org.sfsbench.report.xml.XmlFormatException;

/**
 * Writes and reads {@code sfssubmission.<suffix>.xml}, validated against {@code sfssubmission.xsd}.
 * The file is written in US-ASCII: every non-ASCII character of a free-form field becomes a
 * character reference (&amp;#233;), so the file survives any mail or transfer unchanged.
 */
public final class SubmissionXml {
    private static JAXBContext context;

    private SubmissionXml() {
    }

    private static synchronized JAXBContext context() {
        if (context == null) {
            try {
                context = JAXBContext.newInstance(SubmissionDocument.class);
            } catch (JAXBException e) {
                throw new IllegalStateException("JAXB cannot bind the submission classes: " + e, e);
            }
        }
        return context;
    }

    public static void write(SubmissionDocument doc, Path file) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            Marshaller m = context().createMarshaller();
            m.setProperty(Marshaller.JAXB_FORMATTED_OUTPUT, Boolean.TRUE);
            m.setProperty(Marshaller.JAXB_ENCODING, "US-ASCII");
            m.setSchema(Schemas.submission());
            m.marshal(doc, out);
        } catch (JAXBException e) {
            throw new XmlFormatException("submission does not match sfssubmission.xsd: " + JaxbErrors.describe(e), e);
        }
        org.sfsbench.results.ResultFiles.write(file, out.toByteArray());
    }

    public static SubmissionDocument read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            Unmarshaller u = context().createUnmarshaller();
            u.setSchema(Schemas.submission());
            return (SubmissionDocument) u.unmarshal(JaxbErrors.safeSource(in, file.toString()));
        } catch (JAXBException e) {
            throw new XmlFormatException(file + ": not a valid sfsbench submission (sfssubmission.xsd): "
                    + JaxbErrors.describe(e), e);
        }
    }
}
