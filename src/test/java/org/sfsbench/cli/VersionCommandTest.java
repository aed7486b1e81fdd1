package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VersionCommandTest {
    @Test
    void versionNamesToolAndLoadedEngine() {
        String[] lines = new VersionCommand.Provider().getVersion();
        assertTrue(lines[0].startsWith("sfsbench "), lines[0]);
        assertTrue(lines[1].startsWith("sfsengine "), "engine must load through JNA: " + lines[1]);
    }

    /** The version is written once, in the pom; Java and the engine both carry that one. */
    @Test
    void javaAndEngineCarryThePomVersion() throws Exception {
        String pom = java.nio.file.Files.readString(java.nio.file.Path.of(System.getProperty("sfs.home", "."), "pom.xml"));
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("<artifactId>sfsbench</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertTrue(m.find(), "no version in pom.xml");
        String[] lines = new VersionCommand.Provider().getVersion();
        org.junit.jupiter.api.Assertions.assertEquals("sfsbench " + m.group(1), lines[0].split(" \\(|,")[0].trim());
        assertTrue(lines[1].startsWith("sfsengine " + m.group(1) + " "), lines[1]);
    }
}
