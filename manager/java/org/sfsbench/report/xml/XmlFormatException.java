package org.sfsbench.report.xml;

import java.io.IOException;

/** A result or submission file that is not well-formed or does not match its schema. */
public final class XmlFormatException extends IOException {
    public XmlFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
