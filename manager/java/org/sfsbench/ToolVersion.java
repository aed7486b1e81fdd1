package org.sfsbench;

/** The sfsbench release: printed by {@code sfs version}, written into every result. */
public final class ToolVersion {
    public static final String VERSION = "0.1.0";

    private ToolVersion() {
    }
}
