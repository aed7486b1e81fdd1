package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;

import org.junit.jupiter.api.Assumptions;

/** Validates files twice: with the JDK's validator and with libxml2's xmllint (an independent implementation). */
final class XmlLint {
    private XmlLint() {
    }

    static Path home() {
        return Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath();
    }

    static void validateWithJdk(Path xml, Path xsd) throws Exception {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        Validator v = f.newSchema(xsd.toFile()).newValidator();
        v.validate(new StreamSource(xml.toFile()));
    }

    /** Runs xmllint --schema; fails with its output when the file does not validate. */
    static void validateWithXmllint(Path xml, Path xsd) throws IOException, InterruptedException {
        Assumptions.assumeTrue(new File("/usr/bin/xmllint").canExecute(), "xmllint (libxml2-utils) not installed");
        Process p = new ProcessBuilder("/usr/bin/xmllint", "--noout", "--nonet", "--schema", xsd.toString(),
                xml.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "xmllint did not finish");
        assertEquals(0, p.exitValue(), "xmllint rejects " + xml + ":\n" + out);
        assertTrue(out.contains("validates"), out);
    }
}
