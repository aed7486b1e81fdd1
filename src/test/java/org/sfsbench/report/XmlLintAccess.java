package org.sfsbench.report;

import java.nio.file.Path;

/** Both validators (JDK and xmllint) for tests outside this package. */
public final class XmlLintAccess {
    private XmlLintAccess() {
    }

    public static void validate(Path xml, Path xsd) throws Exception {
        XmlLint.validateWithJdk(xml, xsd);
        XmlLint.validateWithXmllint(xml, xsd);
    }
}
