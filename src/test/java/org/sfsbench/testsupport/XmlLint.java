package org.sfsbench.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;


/** Validates files twice: with the JDK's validator and with libxml2's xmllint (an independent implementation). */
public final class XmlLint {
    private XmlLint() {
    }

    /** Both validators. */
    public static void validate(Path xml, Path xsd) throws Exception {
        validateWithJdk(xml, xsd);
        validateWithXmllint(xml, xsd);
    }

    public static void validateWithJdk(Path xml, Path xsd) throws Exception {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        Validator v = f.newSchema(xsd.toFile()).newValidator();
        v.validate(new StreamSource(xml.toFile()));
    }

    /** Runs xmllint --schema; fails with its output when the file does not validate. */
    public static void validateWithXmllint(Path xml, Path xsd) throws IOException, InterruptedException {
        Require.that(new File("/usr/bin/xmllint").canExecute(), "xmllint (libxml2-utils) not installed");
        ChildProcess.Result r = ChildProcess.run(List.of("/usr/bin/xmllint", "--noout", "--nonet", "--schema",
                xsd.toString(), xml.toString()), Map.of(), 60, TimeUnit.SECONDS);
        assertTrue(r.exit() >= 0, "xmllint did not finish");
        assertEquals(0, r.exit(), "xmllint rejects " + xml + ":\n" + r.output());
        assertTrue(r.output().contains("validates"), r.output());
    }
}
