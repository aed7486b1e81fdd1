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
}
