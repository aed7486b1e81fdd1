package org.sfsbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The sfsbench release: printed by {@code sfs version}, written into every result. From the pom. */
public final class ToolVersion {
    public static final String VERSION = load();

    private ToolVersion() {
    }

    private static String load() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("org/sfsbench/version.properties missing from the build");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
