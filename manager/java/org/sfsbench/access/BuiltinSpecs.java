package org.sfsbench.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The standard workloads of the pgmeter paper's appendix (delay 0, burst 1, sector alignment on
 * every line): File Server, Web Server, OLTP (the paper's "Database": 8 KiB, 67 % read, 100 % random) and Workstation
 * (StorageReview's 8 KiB, 80 % read, 80 % random).
 */
public final class BuiltinSpecs {
    private BuiltinSpecs() {
    }

    private static final int[][] FILE_SERVER = {
        { 512, 10 }, { 1024, 5 }, { 2048, 5 }, { 4096, 60 }, { 8192, 2 }, { 16384, 4 }, { 32768, 4 },
        { 65536, 10 } };
    private static final int[][] WEB_SERVER = {
        { 512, 22 }, { 1024, 15 }, { 2048, 8 }, { 4096, 23 }, { 8192, 15 }, { 16384, 2 }, { 32768, 6 },
        { 65536, 7 }, { 131072, 1 }, { 524288, 1 } };

    /** Every built-in spec, in the paper's order. */
    public static List<AccessSpec> all() {
        return List.of(
                sizes("File Server", FILE_SERVER, 80, 100),
                sizes("Web Server", WEB_SERVER, 100, 100),
                new AccessSpec("OLTP", List.of(new AccessLine(8192, 100, 67, 100, 0, 1, 0, 0))),
                new AccessSpec("Workstation", List.of(new AccessLine(8192, 100, 80, 80, 0, 1, 0, 0))));
    }

    /** The pgmeter paper's name for the OLTP specification. */
    public static final String DATABASE = "Database";

    /** The built-in spec of that name (any case; "Database" is OLTP), or null. */
    public static AccessSpec named(String name) {
        String want = name.strip().equalsIgnoreCase(DATABASE) ? "oltp" : name.strip().toLowerCase(Locale.ROOT);
        for (AccessSpec s : all()) {
            if (s.name().toLowerCase(Locale.ROOT).equals(want)) {
                return s;
            }
        }
        return null;
    }

    /** Names of the built-in specs, for messages. */
    public static List<String> names() {
        return all().stream().map(AccessSpec::name).toList();
    }

    private static AccessSpec sizes(String name, int[][] table, int read, int random) {
        List<AccessLine> lines = new ArrayList<>();
        for (int[] row : table) {
            lines.add(new AccessLine(row[0], row[1], read, random, 0, 1, 0, 0));
        }
        return new AccessSpec(name, lines);
    }
}
